package dev.agentfsm.processor;

import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Measures the processor's share of javac's time for a machine of 500 states (not a test: timings
 * don't belong in the test run). It compiles the machine with the processor, then the same source
 * plus the sources the processor generated with {@code -proc:none}; the difference is the
 * processor's work. Beside them, the floor: the same source with a processor that only writes the
 * files the processor wrote. All run in this JVM after a warm-up; the medians of the compiling
 * thread's CPU time are printed.
 *
 * <p>Run: {@code mvn -B -q -pl fsm-processor -am test -DskipTests -Pprocessor-share}
 * (arguments: {@code -Dprocessor-share.args="<states> <runs>"}, default 500 and 10).
 */
public final class ProcessorShare {

    /** javac runs on the calling thread; its CPU time stays honest on a busy machine, unlike wall time. */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private static final com.sun.management.ThreadMXBean ALLOCATION =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

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
        long[] sameFilesOnly = new long[runs];
        // the compiling thread's allocation, in MB: unlike time, the same on a busy machine as on a quiet one
        long[][] allocated = new long[3][runs];
        int warmUp = 3;
        for (int i = -warmUp; i < runs; i++) {
            Path out = work.resolve("run" + (i + warmUp));
            TimedProcessor processor = new TimedProcessor(new FsmProcessor());
            Cost processed = time(javac, List.of(source), out.resolve("a"), Optional.of(processor));
            List<Path> all = new ArrayList<>(List.of(source));
            try (Stream<Path> generated = Files.walk(out.resolve("a/sources"))) {
                generated.filter(p -> p.toString().endsWith(".java")).forEach(all::add);
            }
            Cost floor = time(
                    javac,
                    List.of(source),
                    out.resolve("c"),
                    Optional.of(new SameFilesProcessor(out.resolve("a/sources"), out.resolve("a/classes"))));
            Cost plain = time(javac, all, out.resolve("b"), Optional.empty());
            if (i >= 0) {
                withProcessor[i] = processed.cpuMillis();
                insideProcessor[i] = processor.nanos / 1_000_000;
                withoutProcessor[i] = plain.cpuMillis();
                sameFilesOnly[i] = floor.cpuMillis();
                allocated[0][i] = processed.allocatedMegabytes();
                allocated[1][i] = floor.allocatedMegabytes();
                allocated[2][i] = plain.allocatedMegabytes();
            }
        }
        long a = median(withProcessor);
        long b = median(withoutProcessor);
        long c = median(sameFilesOnly);
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
                Locale.ROOT, "javac with a processor writing only the same files: median %5d ms CPU (the floor)%n", c);
        System.out.printf(
                Locale.ROOT,
                "with the processor / -proc:none: %.2fx; the floor / -proc:none: %.2fx%n",
                (double) a / b,
                (double) c / b);
        System.out.printf(
                Locale.ROOT,
                "allocated by the compiling thread, median MB: with the processor %d, the floor %d, -proc:none %d%n",
                median(allocated[0]),
                median(allocated[1]),
                median(allocated[2]));
        System.out.printf(
                Locale.ROOT, "processor share of javac time:                     %5.1f %%%n", 100.0 * (a - b) / a);
        System.out.printf(
                Locale.ROOT,
                "  of which in FsmProcessor.process (read, validate, write): median %d ms CPU;%n"
                        + "  the rest is javac's own cost of another round (re-entering the sources it generated)%n",
                median(insideProcessor));
    }

    /** What one compilation cost the compiling thread. */
    private record Cost(long cpuMillis, long allocatedMegabytes) {}

    /** The compiling thread's CPU time and allocation for javac on {@code sources}, with {@code processor} or {@code -proc:none}. */
    private static Cost time(JavaCompiler javac, List<Path> sources, Path out, Optional<Processor> processor)
            throws IOException {
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
        if (processor.isEmpty()) {
            options.add("-proc:none");
        }
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, null)) {
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
            long allocatedBefore =
                    ALLOCATION.getThreadAllocatedBytes(Thread.currentThread().getId());
            long start = CPU.getCurrentThreadCpuTime();
            JavaCompiler.CompilationTask task = javac.getTask(null, files, null, options, null, units);
            processor.ifPresent(p -> task.setProcessors(List.of(p)));
            if (!task.call()) {
                throw new IllegalStateException("compilation failed; see the messages above");
            }
            long cpu = CPU.getCurrentThreadCpuTime() - start;
            long allocated =
                    ALLOCATION.getThreadAllocatedBytes(Thread.currentThread().getId()) - allocatedBefore;
            return new Cost(cpu / 1_000_000, allocated / 1_000_000);
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

    /**
     * The floor: a processor that claims FsmProcessor's annotations and, in the first round, writes through
     * the filer exactly the files FsmProcessor wrote in the run before (read before the compile starts),
     * and does nothing else. What it costs over {@code -proc:none} is the least any processor writing these
     * files costs: the filer, parsing the generated sources, and javac's later rounds.
     */
    private static final class SameFilesProcessor extends AbstractProcessor {
        private final Map<String, String> sources = new LinkedHashMap<>();
        private final Map<String, String> resources = new LinkedHashMap<>();
        private boolean written;

        SameFilesProcessor(Path generated, Path classes) throws IOException {
            try (Stream<Path> walk = Files.walk(generated)) {
                for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                    String name = generated.relativize(file).toString().replace(File.separatorChar, '.');
                    sources.put(name.substring(0, name.length() - ".java".length()), Files.readString(file));
                }
            }
            try (Stream<Path> walk = Files.walk(classes.resolve("META-INF"))) {
                for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                    resources.put(
                            classes.relativize(file).toString().replace(File.separatorChar, '/'),
                            Files.readString(file));
                }
            }
        }

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return new FsmProcessor().getSupportedAnnotationTypes();
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (written) {
                return false;
            }
            written = true;
            try {
                for (Map.Entry<String, String> source : sources.entrySet()) {
                    try (Writer out = processingEnv
                            .getFiler()
                            .createSourceFile(source.getKey())
                            .openWriter()) {
                        out.write(source.getValue());
                    }
                }
                for (Map.Entry<String, String> resource : resources.entrySet()) {
                    FileObject file = processingEnv
                            .getFiler()
                            .createResource(StandardLocation.CLASS_OUTPUT, "", resource.getKey());
                    try (Writer out = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                        out.write(resource.getValue());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("the floor could not write the captured files: " + e.getMessage(), e);
            }
            return false;
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
