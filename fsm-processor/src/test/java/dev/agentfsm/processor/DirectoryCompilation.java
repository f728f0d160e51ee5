package dev.agentfsm.processor;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;

/**
 * A compilation into real directories, through the plain {@link JavaCompiler} API. compile-testing
 * keeps its output in memory and hides it when compilation fails; these tests need the files of a
 * failed compilation, and class files a later compilation reads.
 *
 * @param diagnostics what the compiler reported
 * @param success whether it compiled
 * @param classes the class output: class files and resources
 * @param sources the generated sources
 */
record DirectoryCompilation(
        List<Diagnostic<? extends JavaFileObject>> diagnostics, boolean success, Path classes, Path sources) {

    /**
     * Compiles {@code units} with {@code processors} into {@code out/classes} and {@code out/sources}.
     *
     * @param classpath entries beyond the annotations and the runtime
     */
    static DirectoryCompilation compile(
            JavaCompiler compiler,
            List<String> options,
            List<? extends JavaFileObject> units,
            List<File> classpath,
            Path out,
            Processor... processors) {
        Path classes = out.resolve("classes");
        Path sources = out.resolve("sources");
        DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
        try (StandardJavaFileManager files =
                compiler.getStandardFileManager(collector, Locale.ROOT, StandardCharsets.UTF_8)) {
            Files.createDirectories(classes);
            Files.createDirectories(sources);
            List<File> path = new ArrayList<>(Compilers.classpath());
            path.addAll(classpath);
            files.setLocation(StandardLocation.CLASS_PATH, path);
            files.setLocation(StandardLocation.CLASS_OUTPUT, List.of(classes.toFile()));
            files.setLocation(StandardLocation.SOURCE_OUTPUT, List.of(sources.toFile()));
            JavaCompiler.CompilationTask task =
                    compiler.getTask(Writer.nullWriter(), files, collector, options, null, units);
            task.setProcessors(List.of(processors));
            boolean success = task.call();
            return new DirectoryCompilation(collector.getDiagnostics(), success, classes, sources);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The errors, as {@code file:line: message}, for assertion messages. */
    List<String> errors() {
        return diagnostics.stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ": ")
                        + d.getMessage(Locale.ROOT))
                .toList();
    }

    /** The files under {@code root}, as sorted paths relative to it with forward slashes. */
    static List<String> listFiles(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
