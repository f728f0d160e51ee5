package dev.agentfsm.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** The diagrams and pages a real compilation writes: text only, with no layout code on the processor path. */
class DiagramOutputTest {

    private static final String RESOURCES = "META-INF/agentfsm/dev.example.door.Door.";
    private static final List<String> WRITTEN = List.of("yaml", "mmd", "dot", "puml", "md");
    private static final JavaFileObject DOOR = TestSources.file("diagrams/dev/example/door/DoorStates.java");

    @Test
    void writesTheModelTheTextDiagramsAndThePage() {
        Compilation compilation = compile();
        assertThat(compilation).succeededWithoutWarnings();
        for (String extension : WRITTEN) {
            assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, "", RESOURCES + extension);
        }
        assertTrue(
                compilation
                        .generatedFile(StandardLocation.CLASS_OUTPUT, "", RESOURCES + "svg")
                        .isEmpty(),
                "the SVG is drawn after the compile, by the Maven plugin or fsm-diagrams");
        assertTrue(
                content(compilation, "md")
                        .contains("| CLOSED | state, initial | Shut \\| locked? | OPEN, GONE | no | no |"),
                content(compilation, "md"));
        assertTrue(
                content(compilation, "yaml").startsWith("machine: Door\npackage: dev.example.door\ndescription: "),
                content(compilation, "yaml"));
    }

    @Test
    void needsNoLayoutLibraryOnTheProcessorPath() throws Exception {
        URL[] withoutLayout = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("plantuml") && !entry.contains("elk"))
                .map(DiagramOutputTest::url)
                .toArray(URL[]::new);
        try (URLClassLoader loader = new URLClassLoader(withoutLayout, ClassLoader.getPlatformClassLoader())) {
            assertThrows(
                    ClassNotFoundException.class,
                    () -> loader.loadClass("net.sourceforge.plantuml.SourceStringReader"));
            Processor processor = (Processor) loader.loadClass(FsmProcessor.class.getName())
                    .getConstructor()
                    .newInstance();
            Compilation compilation =
                    Compilers.javac().withProcessors(processor).compile(DOOR);
            assertThat(compilation).succeededWithoutWarnings();
            for (String extension : WRITTEN) {
                assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, "", RESOURCES + extension);
            }
        }
    }

    private static URL url(String path) {
        try {
            return Path.of(path).toUri().toURL();
        } catch (MalformedURLException e) {
            throw new AssertionError(e);
        }
    }

    private static Compilation compile(String... options) {
        return Compilers.javac().withOptions((Object[]) options).compile(DOOR);
    }

    private static String content(Compilation compilation, String extension) {
        try {
            return compilation
                    .generatedFile(StandardLocation.CLASS_OUTPUT, "", RESOURCES + extension)
                    .orElseThrow()
                    .getCharContent(false)
                    .toString();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
