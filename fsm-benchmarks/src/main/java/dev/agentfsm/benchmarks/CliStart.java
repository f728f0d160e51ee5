package dev.agentfsm.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Times the command line's start: {@code java -jar agentfsm-cli.jar demo} against the build's launcher
 * {@code agentfsm demo} (the same jar with its class-data-sharing archive and the client compiler), from
 * launch to the first step printed and to exit. Runs are interleaved and the medians reported, as in
 * {@link ColdStart}. Prints a Markdown section for BENCHMARKS.md.
 */
public final class CliStart {
    private CliStart() {}

    /** @param args runs per subject, the java executable, agentfsm-cli.jar, the launcher, a directory for the demos */
    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        List<String> jar = List.of(args[1], "-jar", args[2], "demo", "--dir", args[4]);
        List<String> launcher = List.of(args[3], "demo", "--dir", args[4]);
        long[][] firstStep = new long[2][runs];
        long[][] exit = new long[2][runs];
        for (int run = 0; run < runs; run++) {
            time(jar, firstStep[0], exit[0], run);
            time(launcher, firstStep[1], exit[1], run);
        }
        double jarFirst = median(firstStep[0]);
        double launcherFirst = median(firstStep[1]);
        System.out.println("## CLI start: launch to the demo's first step");
        System.out.println();
        System.out.println(
                "Median of " + runs + " launches each, interleaved, timed from outside the JVM. `java -jar` is the"
                        + " README's `java -jar agentfsm-cli/target/agentfsm-cli.jar demo`; `agentfsm` is the launcher the build"
                        + " writes beside it (`agentfsm-cli/target/agentfsm demo`): the same jar, output and commands, with the"
                        + " class-data-sharing archive the build made from one demo run and only the client compiler."
                        + " Target: at most 60% of `java -jar`.");
        System.out.println();
        System.out.println("| subject | first step, ms | exit, ms | first step / `java -jar` |");
        System.out.println("|---|---|---|---|");
        System.out.printf(Locale.ROOT, "| `java -jar` | %.0f | %.0f | 100%% |%n", jarFirst, median(exit[0]));
        System.out.printf(
                Locale.ROOT,
                "| `agentfsm` | %.0f | %.0f | %.0f%% %s |%n",
                launcherFirst,
                median(exit[1]),
                100 * launcherFirst / jarFirst,
                launcherFirst <= 0.6 * jarFirst ? "(target met)" : "(**target missed**)");
        System.out.println();
    }

    private static void time(List<String> command, long[] firstStep, long[] exit, int run)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        long first = -1;
        List<String> lines = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (first < 0 && line.startsWith("step 1")) {
                    first = System.nanoTime() - start;
                }
                lines.add(line);
            }
        }
        int code = process.waitFor();
        exit[run] = (System.nanoTime() - start) / 1_000_000;
        if (code != 0 || first < 0) {
            throw new IllegalStateException(command + " exited " + code + " without the first step: " + lines);
        }
        firstStep[run] = first / 1_000_000;
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
