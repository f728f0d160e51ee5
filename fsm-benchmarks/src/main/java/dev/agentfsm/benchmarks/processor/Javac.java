package dev.agentfsm.benchmarks.processor;

import dev.agentfsm.processor.FsmProcessor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac in-process through {@code javax.tools}, the way build tools run it: with a processor (agent-fsm's,
 * or the floor that only writes the same files) writing generated sources to a directory, or with
 * {@code -proc:none}. Every way opens its own file manager, so each compilation pays the same fixed costs.
 */
final class Javac {
    static final String CLASS_PATH_PROPERTY = "agentfsm.javac.classpath";

    private Javac() {}

    /**
     * Compiles {@code sources} to {@code classes}; with {@code processing} given, runs its processor with
     * its generated sources written to its directory, otherwise with {@code -proc:none}.
     */
    static void compile(List<Path> sources, Path classes, Optional<Processing> processing) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler: run the benchmarks on a JDK, not a JRE");
        }
        Files.createDirectories(classes);
        List<String> options = new ArrayList<>(List.of(
                "-d",
                classes.toString(),
                "--release",
                "17",
                "-classpath",
                classPath(),
                "-implicit:none",
                "-Xlint:none"));
        if (processing.isPresent()) {
            Files.createDirectories(processing.get().generated());
            options.addAll(List.of("-s", processing.get().generated().toString()));
        } else {
            options.add("-proc:none");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files =
                javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task =
                    javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources));
            if (processing.isPresent()) {
                task.setProcessors(List.of(processing.get().processor()));
            }
            if (!task.call()) {
                throw new IllegalStateException("javac failed on the synthetic machine:\n"
                        + diagnostics.getDiagnostics().stream()
                                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                                .map(d -> d.toString())
                                .collect(Collectors.joining("\n")));
            }
        }
    }

    /** A processor for one compilation and the directory its generated sources go to. */
    record Processing(Processor processor, Path generated) {

        /** agent-fsm's processor. */
        static Processing fsm(Path generated) {
            return new Processing(new FsmProcessor(), generated);
        }
    }

    /**
     * The synthetic machine's class path: {@value #CLASS_PATH_PROPERTY} when set (run.sh sets it to
     * the fsm-annotations and fsm-runtime jars, what a user's module compiles against), otherwise
     * this JVM's class path (the whole benchmarks jar, which makes every package lookup slower).
     */
    private static String classPath() {
        return System.getProperty(CLASS_PATH_PROPERTY, System.getProperty("java.class.path"));
    }

    /** The {@code .java} files under {@code root}, sorted. */
    static List<Path> sources(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }
}
