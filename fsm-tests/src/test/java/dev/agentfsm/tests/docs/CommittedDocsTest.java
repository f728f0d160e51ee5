package dev.agentfsm.tests.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** {@link CommittedDocs} against a throw-away git repository. */
class CommittedDocsTest {

    private static final String SVG = "<!-- agentfsm-svg abc plantuml 1 -->\n<svg>here</svg>\n";
    private static final String REGENERATE = "mvn -B -pl m compile";

    @TempDir
    Path repo;

    private Path generated;
    private Path docs;

    @BeforeEach
    void repository() throws Exception {
        git("init", "-q");
        generated = Files.createDirectories(repo.resolve("target/classes/META-INF/agentfsm"));
        docs = Files.createDirectories(repo.resolve("docs/machines"));
        write(generated, "a.M.md", "# M\n");
        write(generated, "a.M.svg", SVG);
        write(generated, "a.M.yaml", "machine: M\n");
        write(docs, "a.M.md", "# M\n");
        write(docs, "a.M.svg", SVG);
    }

    @Test
    void passesWhenGitHasWhatTheBuildWrote() throws Exception {
        git("add", "docs");
        CommittedDocs.assertCurrent(generated, docs, REGENERATE);
    }

    @Test
    void comparesSvgsByFingerprintNotByDrawing() throws Exception {
        write(docs, "a.M.svg", "<!-- agentfsm-svg abc plantuml 1 -->\n<svg>other fonts</svg>\n");
        git("add", "docs");
        CommittedDocs.assertCurrent(generated, docs, REGENERATE);
    }

    @Test
    void failsWithTheFixWhenACommittedPageIsOutOfDate() throws Exception {
        write(docs, "a.M.md", "# M, before the change\n");
        git("add", "docs");
        write(docs, "a.M.md", "# M\n"); // the build rewrote it; git still has the old page
        assertEquals("docs/machines is stale: what git has there is not what this build generates:\n"
                        + "  - a.M.md is out of date\n"
                        + "Run `mvn -B -pl m compile` (it rewrites docs/machines through -Aagentfsm.docs), then "
                        + "`git add docs/machines` and commit it.",
                failure().getMessage());
    }

    @Test
    void failsForPagesNotCommittedAndPagesOfNoMachine() throws Exception {
        write(docs, "a.Gone.md", "# Gone\n");
        git("add", "docs/machines/a.M.md", "docs/machines/a.Gone.md");
        String message = failure().getMessage();
        assertEquals(List.of("  - a.M.svg is not committed", "  - a.Gone.md belongs to no machine of this build; git rm it"),
                message.lines().filter(l -> l.startsWith("  - ")).toList(), message);
    }

    @Test
    void failsWhenTheBuildDoesNotWriteTheDocsDirectory() throws Exception {
        Files.delete(docs.resolve("a.M.svg"));
        String message = failure().getMessage();
        assertEquals("the build did not write [a.M.svg] to " + docs + "; add <arg>-Aagentfsm.docs=${project.basedir}/"
                + docs + "</arg> to the compilerArgs of the maven-compiler-plugin, then run " + REGENERATE, message);
    }

    private AssertionFailedError failure() {
        return assertThrows(AssertionFailedError.class, () -> CommittedDocs.assertCurrent(generated, docs, REGENERATE));
    }

    private static void write(Path dir, String name, String content) throws IOException {
        Files.writeString(dir.resolve(name), content);
    }

    private void git(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        Process process;
        try {
            process = new ProcessBuilder(command).directory(repo.toFile()).inheritIO().start();
        } catch (IOException e) {
            if (Boolean.parseBoolean(System.getenv("AGENTFSM_REQUIRE_TOOLS"))) {
                throw new AssertionError("git is not installed (AGENTFSM_REQUIRE_TOOLS=true)", e);
            }
            Assumptions.abort("git is not installed");
            return;
        }
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("git " + String.join(" ", arguments) + " failed");
        }
    }
}
