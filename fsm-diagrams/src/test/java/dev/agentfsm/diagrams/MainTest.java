package dev.agentfsm.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {

    @TempDir
    Path temp;

    @Test
    void drawsWritesAndChecksFromTheCommandLine() throws IOException {
        Path models = Models.directory();
        Path out = temp.resolve("svg");
        Path docs = temp.resolve("docs");
        Run svg = run("svg", models.toString(), out.toString());
        assertEquals(0, svg.status, svg.err);
        assertEquals("agentfsm: 1 diagram(s) drawn, 0 unchanged, in " + out + "\n", svg.out);
        assertTrue(Files.readString(out.resolve("example.Desk.svg"))
                .startsWith(Models.desk().fingerprint() + "\n"));

        Run stale = run("check", models.toString(), docs.toString());
        assertEquals(1, stale.status);
        assertTrue(stale.err.contains(docs.resolve("example.Desk.md") + ": missing"), stale.err);
        assertTrue(stale.err.contains("dev.agentfsm.diagrams.Main docs " + models + " " + docs), stale.err);

        assertEquals(0, run("docs", models.toString(), docs.toString()).status);
        Run current = run("check", models.toString(), docs.toString());
        assertEquals(0, current.status, current.err);
    }

    @Test
    void withoutModelsNothingIsDeletedAndAMissingModelsDirectoryIsAnError() throws IOException {
        Path docs = Files.createDirectories(temp.resolve("docs"));
        assertEquals(0, run("docs", Models.directory().toString(), docs.toString()).status);
        Path page = docs.resolve("example.Desk.md");
        Path empty = Files.createDirectories(temp.resolve("models"));

        Run check = run("check", empty.toString(), docs.toString());
        assertEquals(0, check.status, check.err);
        Run update = run("docs", empty.toString(), docs.toString());
        assertEquals(0, update.status, update.err);
        assertEquals(
                "agentfsm: no machine models (*.yaml) in " + empty + "; nothing written, deleted or checked\n",
                update.out);
        assertTrue(
                update.err.startsWith("agentfsm: warning: " + docs + " still holds 2 page(s) and SVG(s) that module"
                        + " default generated"),
                update.err);
        assertTrue(Files.exists(page));

        Path typo = temp.resolve("modles");
        Run missing = run("docs", typo.toString(), docs.toString());
        assertEquals(1, missing.status);
        assertTrue(missing.err.startsWith("agentfsm: " + typo + ": no such directory of machine models"), missing.err);
        assertTrue(Files.exists(page));
    }

    @Test
    void twoModulesShareADocsDirectoryByName() throws IOException {
        Path docs = Files.createDirectories(temp.resolve("docs"));
        Path readme = Files.writeString(docs.resolve("README.md"), "a person's page");
        Path other = Files.createDirectories(temp.resolve("other"));
        Files.copy(Models.directory().resolve("example.Desk.yaml"), other.resolve("other.Desk.yaml"));
        Files.copy(Models.directory().resolve("example.Desk.md"), other.resolve("other.Desk.md"));

        Run first = run("docs", Models.directory().toString(), docs.toString(), "first");
        assertEquals(0, first.status, first.err);
        assertTrue(first.out.contains("agentfsm: kept " + readme + " (no module's list names it"), first.out);
        assertEquals(0, run("docs", other.toString(), docs.toString(), "second").status);
        assertEquals(0, run("check", Models.directory().toString(), docs.toString(), "first").status);
        assertEquals(0, run("check", other.toString(), docs.toString(), "second").status);
        assertTrue(Files.exists(docs.resolve("example.Desk.svg")));
        assertTrue(Files.exists(docs.resolve(".agentfsm/first.files")));

        Run stale = run("check", other.toString(), docs.toString(), "third");
        assertEquals(1, stale.status);
        assertTrue(stale.err.contains(docs.resolve(".agentfsm/third.files") + ": missing"), stale.err);
        assertTrue(stale.err.contains("Main docs " + other + " " + docs + " third`"), stale.err);

        Run badName = run("docs", other.toString(), docs.toString(), "../x");
        assertEquals(2, badName.status);
        assertTrue(badName.err.startsWith("agentfsm: '../x' cannot name a module's list"), badName.err);
    }

    @Test
    void theListLeftUnderAModulesOldNameIsNamedInAWarning() throws IOException {
        Path docs = Files.createDirectories(temp.resolve("docs"));
        String models = Models.directory().toString();
        assertEquals(0, run("docs", models, docs.toString()).status);
        Path oldList = docs.resolve(".agentfsm/default.files");

        // the same module, now given its name: the list under "default" is left
        for (String command : new String[] {"docs", "check"}) {
            Run renamed = run(command, models, docs.toString(), "desk-module");
            assertEquals(0, renamed.status, renamed.err);
            assertEquals(
                    "agentfsm: warning: " + oldList + ", the list of another module, also names example.Desk.md,"
                            + " example.Desk.svg, which module desk-module generates: if that module was renamed,"
                            + " delete " + oldList + ", or the pages it names are kept when their machines are gone;"
                            + " if the machines moved here from it, run docs for that module too\n",
                    renamed.err);
        }
        Files.delete(oldList);
        assertEquals("", run("check", models, docs.toString(), "desk-module").err);
    }

    @Test
    void aBrokenModelOrAWrongCallFails() throws IOException {
        Path models = Files.createDirectories(temp.resolve("models"));
        Files.writeString(models.resolve("a.Bad.yaml"), "machine: Bad\nstates: [\n");
        Run broken = run("svg", models.toString(), temp.resolve("out").toString());
        assertEquals(1, broken.status);
        assertTrue(
                broken.err.startsWith("agentfsm: " + models.resolve("a.Bad.yaml") + ":3: not valid YAML"), broken.err);

        Run usage = run("draw", "x");
        assertEquals(2, usage.status);
        assertTrue(usage.err.startsWith("usage: "), usage.err);
    }

    private record Run(int status, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
