package dev.agentfsm.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The diagrams and pages a real compilation writes, and the {@code -Aagentfsm.docs} option. */
class DiagramOutputTest {

    private static final String RESOURCES = "META-INF/agentfsm/dev.example.door.Door.";
    private static final JavaFileObject DOOR = TestSources.file("diagrams/dev/example/door/DoorStates.java");

    @TempDir
    Path temp;

    @Test
    void writesAllSixResourcesForAMachine() {
        Compilation compilation = compile();
        assertThat(compilation).succeededWithoutWarnings();
        for (String extension : List.of("yaml", "mmd", "dot", "puml", "md", "svg")) {
            assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, "", RESOURCES + extension);
        }
        assertTrue(content(compilation, "md").contains("| CLOSED | state, initial | Shut \\| locked? | OPEN, GONE | no | no |"),
                content(compilation, "md"));
    }

    @Test
    void alsoWritesThePageAndSvgToTheDocsDirectory() throws IOException {
        Path docs = temp.resolve("docs/machines");
        Compilation compilation = compile("-Aagentfsm.docs=" + docs);
        assertThat(compilation).succeededWithoutWarnings();
        try (var files = Files.list(docs)) {
            assertEquals(List.of("dev.example.door.Door.md", "dev.example.door.Door.svg"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
        }
        assertEquals(content(compilation, "md"), Files.readString(docs.resolve("dev.example.door.Door.md")));
        assertEquals(content(compilation, "svg"), Files.readString(docs.resolve("dev.example.door.Door.svg")));
    }

    @Test
    void aRelativeDocsDirectoryIsAnErrorThatSaysHowToFixIt() {
        Compilation compilation = compile("-Aagentfsm.docs=docs/machines");
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[agentfsm:DocsOption] -Aagentfsm.docs=docs/machines: the directory "
                + "must be absolute; in Maven write -Aagentfsm.docs=${project.basedir}/docs/machines");
        assertFalse(Files.exists(Path.of("docs/machines")), "nothing written relative to the working directory");
    }

    @Test
    void aDocsPathThatIsAFileIsAnError() throws IOException {
        Path file = Files.writeString(temp.resolve("machines"), "not a directory");
        Compilation compilation = compile("-Aagentfsm.docs=" + file);
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("-Aagentfsm.docs=" + file + ": exists and is not a directory");
        assertEquals("not a directory", Files.readString(file));
    }

    @Test
    void aPlantUmlMissingFromTheProcessorPathIsAWarningAndEverythingElseIsWritten() throws Exception {
        URL[] withoutPlantUml = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("plantuml"))
                .map(DiagramOutputTest::url)
                .toArray(URL[]::new);
        try (URLClassLoader loader = new URLClassLoader(withoutPlantUml, ClassLoader.getPlatformClassLoader())) {
            Processor processor = (Processor) loader.loadClass(FsmProcessor.class.getName()).getConstructor().newInstance();
            Compilation compilation = Compilers.javac().withProcessors(processor).compile(DOOR);
            assertThat(compilation).succeeded();
            assertThat(compilation).hadWarningCount(1);
            assertThat(compilation).hadWarningContaining("[agentfsm:Diagram] the SVG of Door could not be rendered: "
                    + "java.lang.NoClassDefFoundError: net/sourceforge/plantuml/");
            for (String extension : List.of("yaml", "mmd", "dot", "puml", "md")) {
                assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, "", RESOURCES + extension);
            }
            assertTrue(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "", RESOURCES + "svg").isEmpty());
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
            return compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "", RESOURCES + extension).orElseThrow()
                    .getCharContent(false).toString();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
