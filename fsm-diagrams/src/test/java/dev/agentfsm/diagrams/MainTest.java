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
    void withoutModelsCheckReportsAndDocsDeletesThePagesOfMachinesThatNoLongerExist() throws IOException {
        Path models = Files.createDirectories(temp.resolve("models"));
        Path docs = Files.createDirectories(temp.resolve("docs"));
        Path page = Files.writeString(docs.resolve("example.Gone.md"), "a removed machine's page");

        Run check = run("check", models.toString(), docs.toString());
        assertEquals(1, check.status, check.out);
        assertTrue(check.err.contains(page + ": belongs to no machine"), check.err);

        Run update = run("docs", models.toString(), docs.toString());
        assertEquals(0, update.status, update.err);
        assertTrue(update.out.contains("agentfsm: removed " + page), update.out);
        assertTrue(Files.notExists(page));
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
