package dev.agentfsm.processor;

import com.google.testing.compile.Compiler;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import java.io.File;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.DiagnosticListener;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;

/**
 * The two compilers the processor is tested under, javac and ECJ, each running a fresh
 * {@link FsmProcessor} against the annotations and the runtime, as a user's build would.
 */
final class Compilers {

    private Compilers() {}

    /** The names the parameterized tests run under: {@code javac} and {@code ecj}. */
    static Stream<String> names() {
        return Stream.of("javac", "ecj");
    }

    /** compile-testing's compiler by name, configured as {@link #javac()} and {@link #ecj()} are. */
    static Compiler named(String name) {
        return switch (name) {
            case "javac" -> javac();
            case "ecj" -> ecj();
            default -> throw new IllegalArgumentException("no compiler " + name + "; use javac or ecj");
        };
    }

    /** Compiles into {@code out} with a fresh {@link FsmProcessor}, by the plain compiler API (see {@link DirectoryCompilation}). */
    static DirectoryCompilation compileToDirectory(
            String name, List<? extends JavaFileObject> units, List<File> classpath, Path out) {
        return compileToDirectory(name, List.of(), units, classpath, out);
    }

    /** As {@link #compileToDirectory(String, List, List, Path)}, with {@code options} (such as {@code -A...}) added. */
    static DirectoryCompilation compileToDirectory(
            String name, List<String> options, List<? extends JavaFileObject> units, List<File> classpath, Path out) {
        boolean ecj = name.equals("ecj");
        JavaCompiler compiler = ecj ? new QuietEclipseCompiler() : ToolProvider.getSystemJavaCompiler();
        List<String> all = new java.util.ArrayList<>(ecj ? ECJ_OPTIONS : List.of());
        all.addAll(options);
        return DirectoryCompilation.compile(compiler, all, units, classpath, out, new FsmProcessor());
    }

    /** javac from the running JDK. */
    static Compiler javac() {
        return configure(Compiler.javac());
    }

    /** The Eclipse compiler, which Eclipse users' machines are compiled with. */
    static Compiler ecj() {
        return configure(Compiler.compiler(new QuietEclipseCompiler())).withOptions(ECJ_OPTIONS);
    }

    /** ECJ compiles to Java 17, as the build does, and reports every problem instead of stopping at the first file. */
    static final List<String> ECJ_OPTIONS = List.of("-17", "-proceedOnError");

    /**
     * ECJ prints every problem to {@code System.err} when it is given no writer, as compile-testing
     * does; the diagnostics reach the test anyway, so the console copy goes nowhere.
     */
    static final class QuietEclipseCompiler extends EclipseCompiler {
        @Override
        public CompilationTask getTask(
                Writer out,
                JavaFileManager fileManager,
                DiagnosticListener<? super JavaFileObject> listener,
                Iterable<String> options,
                Iterable<String> classes,
                Iterable<? extends JavaFileObject> units) {
            return super.getTask(
                    out == null ? Writer.nullWriter() : out, fileManager, listener, options, classes, units);
        }
    }

    private static Compiler configure(Compiler compiler) {
        return compiler.withProcessors(new FsmProcessor()).withClasspath(classpath());
    }

    /** The jars (or class directories) of the annotations and the runtime, which every test source uses. */
    static List<File> classpath() {
        return Stream.of(Trigger.class, Agent.class)
                .map(Compilers::location)
                .distinct()
                .toList();
    }

    static File location(Class<?> type) {
        try {
            return new File(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the class path entry of " + type, e);
        }
    }
}
