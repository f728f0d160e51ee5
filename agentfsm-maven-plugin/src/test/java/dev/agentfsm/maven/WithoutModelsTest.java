package dev.agentfsm.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The goals when the models directory holds no model: a mistyped {@code models} fails naming it, and a
 * module without machines does nothing; neither deletes a page. (With models, the sample projects in
 * {@code src/it} run the goals in real builds.)
 */
class WithoutModelsTest {

    @TempDir
    Path project;

    private Path classes;
    private Path docs;
    private final Lines log = new Lines();

    @BeforeEach
    void aDocsDirectoryWithPages() throws IOException {
        classes = project.resolve("target/classes");
        docs = Files.createDirectories(project.resolve("docs/machines"));
        Files.writeString(docs.resolve("it.Door.md"), "# Door\n");
        Files.writeString(docs.resolve("it.Door.svg"), "<svg/>\n");
        Files.writeString(docs.resolve("README.md"), "a person's page\n");
        Files.createDirectories(docs.resolve(".agentfsm"));
        Files.writeString(docs.resolve(".agentfsm/door.files"), "it.Door.md\nit.Door.svg\n");
    }

    @Test
    void aMistypedModelsDirectoryFailsNamingItThePropertyAndTheFixAndDeletesNothing() throws Exception {
        List<String> before = files();
        for (ModelsParameters goal : List.of(docs(), check(), diagrams())) {
            goal.models = project.resolve("target/classes/META-INF/agentfms").toFile();
            MojoFailureException e = assertThrows(MojoFailureException.class, goal::execute);
            assertEquals(
                    "agentfsm: the models directory target/classes/META-INF/agentfms (parameter models, property"
                            + " agentfsm.models) does not exist; nothing was drawn, written or deleted. Name the"
                            + " directory the processor writes the models into (target/classes/META-INF/agentfsm unless"
                            + " configured otherwise: leave models out to use it) and run the goal after the compile"
                            + " (mvn process-classes ...), or set agentfsm.skip for a module without machines",
                    e.getMessage());
        }
        assertEquals(before, files());
    }

    @Test
    void aNegativeThreadCountFailsEveryGoalNamingItBeforeAnythingElse() throws Exception {
        List<String> before = files();
        for (ModelsParameters goal : List.of(docs(), check(), diagrams())) {
            goal.threads = -2;
            MojoFailureException e = assertThrows(MojoFailureException.class, goal::execute);
            assertEquals(
                    "agentfsm: threads (property agentfsm.threads) is -2; give how many machines are drawn at once, or"
                            + " 0 for one per processor",
                    e.getMessage());
        }
        assertEquals(List.of(), log.lines);
        assertEquals(before, files());
    }

    @Test
    void aModelsDirectoryThatHoldsNoModelFailsTooWhenItWasConfigured() throws Exception {
        List<String> before = files();
        DocsMojo goal = docs();
        goal.models = Files.createDirectories(classes).toFile(); // META-INF/agentfsm left off
        MojoFailureException e = assertThrows(MojoFailureException.class, goal::execute);
        assertEquals(
                "agentfsm: the models directory target/classes (parameter models, property agentfsm.models) holds no"
                        + " machine model (*.yaml); nothing was drawn",
                e.getMessage().substring(0, e.getMessage().indexOf(", written")));
        assertEquals(before, files());
    }

    @Test
    void aModuleWithoutMachinesDoesNothingAndSaysWhichPagesItLeft() throws Exception {
        List<String> before = files();
        docs().execute();
        check().execute();
        Files.createDirectories(classes.resolve("META-INF/agentfsm")); // compiled, and still no machine
        docs().execute();
        assertEquals(before, files());
        String none = "agentfsm: no machine models in target/classes/META-INF/agentfsm (the module has no"
                + " @StateMachine, or is not compiled yet); ";
        String left = "[warn] agentfsm: docs/machines still holds 2 page(s) and SVG(s) of module door"
                + " (docs/machines/it.Door.md, docs/machines/it.Door.svg); if its machines are gone, delete them and"
                + " docs/machines/.agentfsm/door.files by hand";
        assertEquals(
                List.of(
                        "[info] " + none + "nothing written or deleted in docs/machines",
                        left,
                        "[info] " + none + "nothing to check in docs/machines",
                        left,
                        "[info] " + none + "nothing written or deleted in docs/machines",
                        left),
                log.lines);

        log.lines.clear();
        Files.delete(docs.resolve(".agentfsm/door.files"));
        DiagramsMojo diagrams = diagrams();
        diagrams.execute();
        check().execute();
        assertEquals(
                List.of(
                        "[info] " + none + "no diagrams to draw",
                        "[info] " + none + "nothing to check in docs/machines"),
                log.lines);
    }

    private DocsMojo docs() {
        DocsMojo goal = configure(new DocsMojo());
        goal.docsDirectory = docs.toFile();
        goal.module = "door";
        goal.diagramsDirectory = classes.resolve("META-INF/agentfsm").toFile();
        return goal;
    }

    private CheckMojo check() {
        CheckMojo goal = configure(new CheckMojo());
        goal.docsDirectory = docs.toFile();
        goal.module = "door";
        goal.docsCommand = "mvn process-classes agentfsm:docs";
        return goal;
    }

    private DiagramsMojo diagrams() {
        DiagramsMojo goal = configure(new DiagramsMojo());
        goal.outputDirectory = classes.resolve("META-INF/agentfsm").toFile();
        return goal;
    }

    /** As Maven configures a goal left at its defaults. */
    private <G extends ModelsParameters> G configure(G goal) {
        goal.classesDirectory = classes.toFile();
        goal.models = classes.resolve("META-INF/agentfsm").toFile();
        goal.executionRoot = project.toFile();
        goal.threads = 1;
        goal.setLog(log);
        return goal;
    }

    private List<String> files() throws IOException {
        try (Stream<Path> files = Files.walk(docs)) {
            return files.map(f -> docs.relativize(f) + (Files.isRegularFile(f) ? " " + read(f) : ""))
                    .sorted()
                    .toList();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The info, warning and error lines a goal logged, each prefixed with its level. */
    private static final class Lines implements Log {
        final List<String> lines = new ArrayList<>();

        @Override
        public boolean isDebugEnabled() {
            return false;
        }

        @Override
        public void debug(CharSequence content) {}

        @Override
        public void debug(CharSequence content, Throwable error) {}

        @Override
        public void debug(Throwable error) {}

        @Override
        public boolean isInfoEnabled() {
            return true;
        }

        @Override
        public void info(CharSequence content) {
            lines.add("[info] " + content);
        }

        @Override
        public void info(CharSequence content, Throwable error) {
            info(content);
        }

        @Override
        public void info(Throwable error) {
            info(error.toString());
        }

        @Override
        public boolean isWarnEnabled() {
            return true;
        }

        @Override
        public void warn(CharSequence content) {
            lines.add("[warn] " + content);
        }

        @Override
        public void warn(CharSequence content, Throwable error) {
            warn(content);
        }

        @Override
        public void warn(Throwable error) {
            warn(error.toString());
        }

        @Override
        public boolean isErrorEnabled() {
            return true;
        }

        @Override
        public void error(CharSequence content) {
            lines.add("[error] " + content);
        }

        @Override
        public void error(CharSequence content, Throwable error) {
            error(content);
        }

        @Override
        public void error(Throwable error) {
            error(error.toString());
        }
    }
}
