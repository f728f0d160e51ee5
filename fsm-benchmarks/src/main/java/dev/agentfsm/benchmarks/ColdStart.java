package dev.agentfsm.benchmarks;

import dev.agentfsm.benchmarks.dispatch.Implementation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Times fresh JVMs from launch to exit with {@link ProcessBuilder}: an empty one, and one per
 * implementation that makes its first pass; the difference is what the implementation adds to a
 * cold start. Runs are interleaved (every implementation once, then again) so that a busy machine
 * disturbs them alike, and the median is reported. It times whole processes rather than using
 * JMH's single-shot mode because a JMH fork has loaded JMH and the benchmark class before the
 * measured call, which hides exactly the class loading a cold start pays.
 */
public final class ColdStart {
    static final String EMPTY = "empty";

    private ColdStart() {}

    /**
     * @param args the number of runs per subject (default 10), then the JSON file to write
     *     (default {@code target/coldstart.json})
     */
    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Path out = Path.of(args.length > 1 ? args[1] : "target/coldstart.json");
        List<String> subjects = new ArrayList<>();
        subjects.add(EMPTY);
        for (Implementation implementation : Implementation.values()) {
            // runtimeStep's first pass is a round of 8,001 steps; runtimeRound is the runtime's first round
            if (implementation != Implementation.RUNTIME_STEP) {
                subjects.add(implementation.methodName());
            }
        }
        Map<String, long[]> times = new LinkedHashMap<>();
        subjects.forEach(s -> times.put(s, new long[runs]));
        for (String subject : subjects) {
            launch(subject); // one unmeasured run each: the jar and the JDK in the page cache
        }
        for (int run = 0; run < runs; run++) {
            for (String subject : subjects) {
                times.get(subject)[run] = launch(subject);
            }
        }
        StringBuilder json = new StringBuilder("{\n  \"runs\": " + runs + ",\n  \"medianMillis\": {\n");
        double empty = median(times.get(EMPTY));
        for (String subject : subjects) {
            double median = median(times.get(subject));
            System.out.printf(
                    Locale.ROOT, "%-20s median %8.1f ms  (+%6.1f ms over empty)%n", subject, median, median - empty);
            json.append(String.format(Locale.ROOT, "    \"%s\": %.2f,%n", subject, median));
        }
        json.setLength(json.length() - 2);
        json.append("\n  }\n}\n");
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, json, StandardCharsets.UTF_8);
    }

    private static long launch(String subject) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), ColdStartMain.class.getName(), subject)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        try {
            long start = System.nanoTime();
            int exit = builder.start().waitFor();
            long elapsed = System.nanoTime() - start;
            if (exit != 0) {
                throw new IllegalStateException("the cold start of " + subject + " exited with " + exit
                        + "; run java -cp target/benchmarks.jar " + ColdStartMain.class.getName() + " " + subject);
            }
            return elapsed;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot launch " + java, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while timing " + subject, e);
        }
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
        return median / 1e6;
    }
}
