package dev.agentfsm.processor;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Measures the processor's share of javac's time for a machine of 500 states (not a test: timings
 * don't belong in the test run). It compiles the machine with the processor, then the same source
 * plus the sources the processor generated with {@code -proc:none}; the difference is the
 * processor's work. Both run in this JVM after a warm-up; the medians of the compiling thread's
 * CPU time are printed.
 *
 * <p>Run: {@code mvn -B -q -pl fsm-processor -am test -DskipTests -Pprocessor-share}
 * (arguments: {@code -Dprocessor-share.args="<states> <runs>"}, default 500 and 10).
 */
public final class ProcessorShare {

    /** javac runs on the calling thread; its CPU time stays honest on a busy machine, unlike wall time. */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private ProcessorShare() {}

    public static void main(String[] args) throws IOException {
        int states = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Path work = Files.createTempDirectory("agentfsm-share");
        Path source = work.resolve("src/example/big/Big.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, LargeMachine.text(states));

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        long[] withProcessor = new long[runs];
        long[] insideProcessor = new long[runs];
        long[] withoutProcessor = new long[runs];
        int warmUp = 3;
        for (int i = -warmUp; i < runs; i++) {
            Path out = work.resolve("run" + (i + warmUp));
            long[] processed = time(javac, List.of(source), out.resolve("a"), true);
            List<Path> all = new ArrayList<>(List.of(source));
            try (Stream<Path> generated = Files.walk(out.resolve("a/sources"))) {
                generated.filter(p -> p.toString().endsWith(".java")).forEach(all::add);
            }
            long plain = time(javac, all, out.resolve("b"), false)[0];
            if (i >= 0) {
                withProcessor[i] = processed[0];
                insideProcessor[i] = processed[1];
                withoutProcessor[i] = plain;
            }
        }
        long a = median(withProcessor);
        long b = median(withoutProcessor);
        System.out.printf(
                Locale.ROOT,
                "machine of %d states, %d runs after %d warm-up runs, java %s%n",
                states,
                runs,
                warmUp,
                Runtime.version());
        System.out.printf(Locale.ROOT, "javac with the processor:                          median %5d ms CPU%n", a);
        System.out.printf(Locale.ROOT, "javac -proc:none, same source + generated sources: median %5d ms CPU%n", b);
        System.out.printf(
                Locale.ROOT, "processor share of javac time:                     %5.1f %%%n", 100.0 * (a - b) / a);
        System.out.printf(
                Locale.ROOT,
                "  of which in FsmProcessor.process (read, validate, write): median %d ms CPU;%n"
                        + "  the rest is javac's own cost of another round (re-entering the sources it generated)%n",
                median(insideProcessor));
    }

    private static long[] time(JavaCompiler javac, List<Path> sources, Path out, boolean process) throws IOException {
        Path classes = Files.createDirectories(out.resolve("classes"));
        Path generated = Files.createDirectories(out.resolve("sources"));
        List<String> options = new ArrayList<>(List.of(
                "-d",
                classes.toString(),
                "-s",
                generated.toString(),
                "-classpath",
                String.join(
                        java.io.File.pathSeparator,
                        Compilers.classpath().stream().map(Object::toString).toList())));
        if (!process) {
            options.add("-proc:none");
        }
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, null)) {
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
            long start = CPU.getCurrentThreadCpuTime();
            JavaCompiler.CompilationTask task = javac.getTask(null, files, null, options, null, units);
            TimedProcessor processor = new TimedProcessor(new FsmProcessor());
            if (process) {
                task.setProcessors(List.of(processor));
            }
            if (!task.call()) {
                throw new IllegalStateException("compilation failed; see the messages above");
            }
            return new long[] {(CPU.getCurrentThreadCpuTime() - start) / 1_000_000, processor.nanos / 1_000_000};
        }
    }

    /** Sums the time spent in the processor's own {@code process} calls. */
    private static final class TimedProcessor extends ForwardingProcessor {
        long nanos;

        TimedProcessor(Processor delegate) {
            super(delegate);
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            long start = CPU.getCurrentThreadCpuTime();
            try {
                return super.process(annotations, round);
            } finally {
                nanos += CPU.getCurrentThreadCpuTime() - start;
            }
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
