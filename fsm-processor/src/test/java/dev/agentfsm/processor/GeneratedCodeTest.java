package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The code and resources generated for a rich pair of machines under {@code src/test/resources/rich}
 * (hand-offs both ways, a fallback, an onError state, states with their own {@code next}, texts
 * that need escaping): compared with golden files, identical under ECJ, and free of reflection.
 */
class GeneratedCodeTest {

    /**
     * Ways to reach a member by name at run time. The state manager's {@code VarHandle} for array
     * elements is not one of them: it only orders memory when a state is published.
     */
    private static final List<String> REFLECTION = List.of(
            "java.lang.reflect",
            "Class.forName",
            "forName(",
            "getDeclaredConstructor",
            "getConstructor(",
            "newInstance",
            "getDeclaredMethod",
            "getMethod(",
            "getDeclaredField",
            "getField(",
            "setAccessible",
            "MethodHandles.lookup",
            "privateLookupIn",
            "findConstructor",
            "findVirtual",
            "findStatic",
            "findVarHandle",
            "getClass()");

    @Test
    void generatedSourcesAndYamlMatchTheGoldenFiles() {
        Compilation compilation =
                Compilers.javac().withOptions("-Xlint:all,-processing").compile(TestSources.in("rich"));
        assertThat(compilation).succeededWithoutWarnings();

        Goldens.fromBuild("generated").check(generatedFiles(compilation));
    }

    @Test
    void ecjGeneratesTheSameFilesAsJavac() {
        Compilation compilation = Compilers.ecj().compile(TestSources.in("rich"));
        assertThat(compilation).succeededWithoutWarnings();

        Goldens.fromBuild("generated").assertMatches(generatedFiles(compilation));
    }

    @Test
    void generatedCodeUsesNoReflection() {
        Compilation compilation = Compilers.javac().compile(TestSources.in("rich"));
        assertThat(compilation).succeeded();

        List<JavaFileObject> sources = compilation.generatedSourceFiles();
        assertThat(sources).hasSize(4 + 4); // per machine: status enum, table, manager, moves
        for (JavaFileObject source : sources) {
            String text = text(source);
            for (String reflective : REFLECTION) {
                assertWithMessage("%s uses %s", source.getName(), reflective)
                        .that(text)
                        .doesNotContain(reflective);
            }
        }
    }

    /**
     * The generated Java sources, the YAML models and the service registration, by path relative to
     * their output; other resources (diagrams) have tests of their own.
     */
    static Map<String, String> generatedFiles(Compilation compilation) {
        Map<String, String> files = new TreeMap<>();
        for (JavaFileObject file : compilation.generatedFiles()) {
            String name = file.toUri().getPath();
            if (name.startsWith("/SOURCE_OUTPUT/") && name.endsWith(".java")) {
                files.put(name.substring("/SOURCE_OUTPUT/".length()), text(file));
            } else if (name.startsWith("/CLASS_OUTPUT/META-INF/")
                    && (name.endsWith(".yaml") || name.contains("/services/"))) {
                files.put(name.substring("/CLASS_OUTPUT/".length()), text(file));
            }
        }
        return files;
    }

    static String text(JavaFileObject file) {
        try {
            return file.getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
