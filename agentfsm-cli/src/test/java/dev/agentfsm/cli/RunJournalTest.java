package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --journal FILE} and {@code run --resume FILE}, against an in-process model server. */
class RunJournalTest {
    private static final String TASK = "Which files are here?";

    @TempDir
    Path dir;

    @BeforeEach
    void letCommandsRead() {
        CommandDirectories.readable(dir); // as root, commands run as user nobody
    }

    @Test
    void aRunCutOffAfterItsFirstStepResumesWithoutAskingTheModelOrRunningTheCommandAgain() throws Exception {
        Path root = Files.createDirectory(dir.resolve("root"));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        Path journal = dir.resolve("run.journal");
        try (ChatServer server = new ChatServer(RunArgs.LIST, RunArgs.DONE)) {
            Cli first = run(server, root, "--task", TASK, "--journal", journal.toString());
            assertEquals(0, first.exitCode(), first.out() + first.err());
            assertTrue(first.out().contains("\njournal: " + journal + "\n"), first.out());
        }
        List<String> records = Files.readAllLines(journal);
        assertEquals(6, records.size(), "header, requests, three steps, round end: " + records);
        // the process died after step 1 was recorded; the file it listed is gone since
        Files.write(journal, records.subList(0, 3));
        Files.delete(root.resolve("hello.txt"));

        try (ChatServer server = new ChatServer(RunArgs.DONE)) {
            Cli resumed = run(server, root, "--resume", journal.toString());

            assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
            assertTrue(resumed.out().contains("task:  " + TASK + "\n"), resumed.out());
            assertTrue(
                    resumed.out()
                            .contains("\njournal: " + journal + " (resuming: 1 completed steps are replayed, then"
                                    + " the run goes on)\n"),
                    resumed.out());
            assertTrue(resumed.out().contains("\nstep 1  CONTINUE -> CONTINUE  $ ls -1  [exit 0, "), resumed.out());
            assertTrue(
                    resumed.out()
                            .contains("  (replayed from the journal)\n        thought: list the files\n"
                                    + "        hello.txt\nstep 2"),
                    "the recorded output, not a new listing: " + resumed.out());
            assertTrue(resumed.out().contains("\nstep 2  CONTINUE -> FINISH  (no command)  ["), resumed.out());
            assertTrue(
                    resumed.out().contains("\nround COMPLETED after 3 states: CONTINUE -> CONTINUE -> FINISH\n"),
                    resumed.out());
            assertEquals(1, server.requests().size(), "only step 2 asks the model");
            assertTrue(
                    server.requests().get(0).lastUserText().contains("stdout:\nhello.txt\n"),
                    "step 2's prompt has step 1's recorded output: "
                            + server.requests().get(0).lastUserText());
        }
        assertEquals(records.size(), Files.readAllLines(journal).size());
    }

    @Test
    void resumingWithAnotherTaskIsRefused() throws Exception {
        Path journal = recorded();
        String error = refusedResume(journal, "--task", "something else");

        assertTrue(
                error.contains(
                        "--task 'something else' is not the task journal " + journal + " recorded ('" + TASK + "')"),
                error);
    }

    @Test
    void resumingWithOtherSettingsIsRefused() throws Exception {
        String error = refusedResume(recorded(), "--max-steps", "9");

        assertTrue(error.contains("maxStep 30 and maxRound 1; this session has maxStep 9"), error);
    }

    @Test
    void aJournalOfOtherMachinesIsRefused() throws Exception {
        Path journal = recorded();
        List<String> records = new ArrayList<>(Files.readAllLines(journal));
        records.set(0, recrc(records.get(0).replaceFirst("sha256:[0-9a-f]{64}", "sha256:" + "0".repeat(64))));
        Files.write(journal, records);
        String error = refusedResume(journal);

        assertTrue(
                error.startsWith("agentfsm-cli run: journal " + journal + " was written by other machines than"
                        + " these: it records LinuxAgent [LinuxAgent] with fingerprint sha256:" + "0".repeat(64)),
                error);
    }

    @Test
    void aCorruptJournalIsRefusedNamingTheRecord() throws Exception {
        Path journal = recorded();
        List<String> records = new ArrayList<>(Files.readAllLines(journal));
        records.set(2, records.get(2).replace("ls -1", "ls -l"));
        Files.write(journal, records);

        Cli cli = withoutModel("--resume", journal.toString());

        assertEquals(2, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.err().contains("is corrupt at record 3 (line 3, byte "), cli.err());
        assertEquals(1, cli.err().strip().lines().count(), "one line: " + cli.err());
    }

    @Test
    void anExistingJournalIsNotOverwritten() throws Exception {
        Path journal = recorded();
        Cli cli = withoutModel("--task", TASK, "--journal", journal.toString());

        assertEquals(2, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.err().contains("already exists and holds"), cli.err());
    }

    @Test
    void journalAndResumeTogetherAreRefused() {
        Cli cli = withoutModel("--task", TASK, "--journal", "a", "--resume", "b");

        assertEquals(2, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.err().contains("give one of them"), cli.err());
    }

    @Test
    void withoutResumeTheTaskIsRequired() {
        Cli cli = Cli.run("run", "--base-url", "http://127.0.0.1:9/v1", "--model", "m");

        assertEquals(2, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.err().contains("Missing required option: '--task=TEXT'"), cli.err());
    }

    /** A journal of a whole run of the task. */
    private Path recorded() throws Exception {
        Path journal = dir.resolve("recorded.journal");
        try (ChatServer server = new ChatServer(RunArgs.LIST, RunArgs.DONE)) {
            Cli cli = run(server, dir, "--task", TASK, "--journal", journal.toString());
            assertEquals(0, cli.exitCode(), cli.out() + cli.err());
        }
        return journal;
    }

    /** {@code run --resume journal} with {@code more}, which must stop with a usage error before asking the model; its message. */
    private String refusedResume(Path journal, String... more) throws IOException {
        try (ChatServer server = new ChatServer(RunArgs.DONE)) {
            List<String> args = new ArrayList<>(List.of("--resume", journal.toString()));
            args.addAll(List.of(more));
            Cli cli = run(server, dir, args.toArray(String[]::new));
            assertEquals(2, cli.exitCode(), cli.out() + cli.err());
            assertEquals(0, server.requests().size(), "the model is not asked");
            return cli.err();
        }
    }

    /** {@code run} with {@code more} against no model (the discard port): for runs refused before the first step. */
    private Cli withoutModel(String... more) {
        return RunArgs.run("http://127.0.0.1:9/v1", dir, dir.resolve("trace.jsonl"), more);
    }

    private Cli run(ChatServer server, Path root, String... more) {
        return RunArgs.run(server.baseUrl(), root, dir.resolve("trace.jsonl"), more);
    }

    /** The line with its checksum made right again: a record that was edited, not damaged. */
    private static String recrc(String line) {
        int at = line.lastIndexOf(",\"crc\":\"");
        String body = line.substring(0, at) + "}";
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return line.substring(0, at) + ",\"crc\":\"" + String.format(Locale.ROOT, "%08x", crc.getValue()) + "\"}";
    }
}
