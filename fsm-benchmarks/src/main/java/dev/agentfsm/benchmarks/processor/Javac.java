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
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac in-process through {@code javax.tools}, the way build tools run it: with agent-fsm's
 * processor writing generated sources to a directory, or with {@code -proc:none}. Both ways open
 * their own file manager, so each compilation pays the same fixed costs.
 */
final class Javac {
    static final String CLASS_PATH_PROPERTY = "agentfsm.javac.classpath";

    private Javac() {}

    /** Compiles {@code sources} to {@code classes}, running the processor when {@code generated} is given. */
    static void compile(List<Path> sources, Path classes, Optional<Path> generated) throws IOException {
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
        if (generated.isPresent()) {
            Files.createDirectories(generated.get());
            options.addAll(List.of("-s", generated.get().toString()));
        } else {
            options.add("-proc:none");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files =
                javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task =
                    javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources));
            if (generated.isPresent()) {
                task.setProcessors(List.of(new FsmProcessor()));
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
