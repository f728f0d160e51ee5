package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
                                    + "        hello.txt\n        > {\"observation\": \"one file\""),
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
    void aStepWhoseToolCallHadANumberResumesWithoutAskingOrRunningAgain() throws Exception {
        Path root = Files.createDirectory(dir.resolve("root"));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        Path journal = dir.resolve("numbers.journal");
        String listWithTimeout =
                RunArgs.LIST.replace("\"command\": \"ls -1\"}", "\"command\": \"ls -1\", \"timeout\": 10}");
        try (ChatServer server = new ChatServer(listWithTimeout, RunArgs.DONE)) {
            Cli first = run(server, root, "--task", TASK, "--journal", journal.toString());
            assertEquals(0, first.exitCode(), first.out() + first.err());
        }
        List<String> records = Files.readAllLines(journal);
        assertTrue(records.get(2).contains("\"timeout\":10"), records.get(2));
        Files.write(journal, records.subList(0, 3));
        Files.delete(root.resolve("hello.txt"));

        try (ChatServer server = new ChatServer(RunArgs.DONE)) {
            Cli resumed = run(server, root, "--resume", journal.toString());

            assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
            assertTrue(
                    resumed.out().contains("        hello.txt\n        > {\"observation\": \"one file\""),
                    "the recorded output, then step 2's reply as it arrives: " + resumed.out());
            assertEquals(1, server.requests().size(), "only step 2 asks the model");
        }
    }

    @Test
    void aJournalWhoseRoundEndedResumesToThatEndAskingNothingAndRunningNothing() throws Exception {
        Path root = Files.createDirectory(dir.resolve("root"));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        Path journal = dir.resolve("ended.journal");
        String listWithTimeout =
                RunArgs.LIST.replace("\"command\": \"ls -1\"}", "\"command\": \"ls -1\", \"timeout\": 10}");
        try (ChatServer server = new ChatServer(listWithTimeout, RunArgs.DONE)) {
            Cli first = run(server, root, "--task", TASK, "--journal", journal.toString());
            assertEquals(0, first.exitCode(), first.out() + first.err());
        }
        List<String> records = Files.readAllLines(journal);
        Files.delete(root.resolve("hello.txt"));

        try (ChatServer server = new ChatServer()) {
            Cli resumed = run(server, root, "--resume", journal.toString());

            assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
            assertTrue(
                    resumed.out().contains("\nround COMPLETED after 3 states: CONTINUE -> CONTINUE -> FINISH\n"),
                    resumed.out());
            assertTrue(
                    resumed.out().contains("The directory holds hello.txt."), "the recorded result: " + resumed.out());
            assertTrue(resumed.out().contains("        hello.txt\n"), "the recorded listing: " + resumed.out());
            assertEquals(0, server.requests().size(), "the model is not asked");
        }
        assertEquals(records, Files.readAllLines(journal), "nothing was added to the journal");
    }

    @Test
    void aForgedRecordOfAKeyedJournalIsRefusedNamingIt() throws Exception {
        // PATH is set wherever the tests run and is longer than the 16 bytes a key needs
        Path journal = dir.resolve("keyed.journal");
        try (ChatServer server = new ChatServer(RunArgs.LIST, RunArgs.DONE)) {
            Cli cli = run(server, dir, "--task", TASK, "--journal", journal.toString(), "--journal-key-env", "PATH");
            assertEquals(0, cli.exitCode(), cli.out() + cli.err());
        }
        List<String> records = new ArrayList<>(Files.readAllLines(journal));
        assertTrue(records.get(2).contains(",\"mac\":\""), records.get(2));
        // the model's reply edited, the checksum made right again: what the CRC alone accepts
        records.set(2, recrc(records.get(2).replace("list the files", "rm -rf the files")));
        Files.write(journal, records.subList(0, 3));

        try (ChatServer server = new ChatServer(RunArgs.DONE)) {
            Cli keyed = run(server, dir, "--resume", journal.toString(), "--journal-key-env", "PATH");
            assertEquals(2, keyed.exitCode(), keyed.out() + keyed.err());
            assertTrue(
                    keyed.err().contains("journal " + journal + " fails its key at record 3 (line 3, byte "),
                    keyed.err());
            assertTrue(
                    keyed.err()
                            .contains("its MAC does not match its contents under the key from"
                                    + " JournalKey[environment variable PATH]"),
                    keyed.err());
            assertEquals(1, keyed.err().strip().lines().count(), "one line: " + keyed.err());

            Cli unkeyed = run(server, dir, "--resume", journal.toString());
            assertEquals(2, unkeyed.exitCode(), unkeyed.out() + unkeyed.err());
            assertTrue(
                    unkeyed.err().contains("at record 1 (line 1, byte 0): the journal was written with a key"),
                    unkeyed.err());
            assertEquals(0, server.requests().size(), "the model is not asked");
        }
    }

    @Test
    void aMissingKeyVariableIsNamed() {
        Cli cli = withoutModel(
                "--task", TASK, "--journal", dir.resolve("j").toString(), "--journal-key-env", "AGENTFSM_NO_SUCH_KEY");

        assertEquals(2, cli.exitCode(), cli.out() + cli.err());
        assertTrue(
                cli.err()
                        .contains("--journal-key-env: the environment variable AGENTFSM_NO_SUCH_KEY that should hold"
                                + " the journal's key is not set"),
                cli.err());
        assertTrue(Files.notExists(dir.resolve("j")));
    }

    @Test
    void aJournalOnADanglingLinkIsRefusedAndNothingIsCreatedWhereItPoints() throws Exception {
        Path target = dir.resolve("planted");
        Path link = Files.createSymbolicLink(dir.resolve("link.journal"), target);

        Cli cli = withoutModel("--task", TASK, "--journal", link.toString());

        assertEquals(2, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.err().contains("journal " + link + " is a symbolic link (to " + target + ")"), cli.err());
        assertTrue(Files.notExists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS), "nothing at the link's target");
    }

    @Test
    void aJournalIsNotResumedThroughALink() throws Exception {
        Path journal = recorded();
        List<String> records = Files.readAllLines(journal);
        Files.write(journal, records.subList(0, 3));
        Path link = Files.createSymbolicLink(dir.resolve("link.journal"), journal);

        String error = refusedResume(link);

        assertTrue(error.contains("journal " + link + " is a symbolic link (to " + journal + ")"), error);
        assertEquals(records.subList(0, 3), Files.readAllLines(journal), "nothing written through the link");
    }

    @Test
    void aHugeSparseJournalIsRefusedInOneLine() throws Exception {
        Path huge = dir.resolve("huge.journal");
        try (java.io.RandomAccessFile sparse = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            sparse.setLength(3L << 30);
        }

        Cli cli = withoutModel("--resume", huge.toString());

        assertEquals(2, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.err().contains("holds 3221225472 bytes (3072.0 MiB), over the cap of 128.0 MiB"), cli.err());
        assertEquals(1, cli.err().strip().lines().count(), "one line: " + cli.err());
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
    void aJournalOfAnotherVersionThatRecordedAMoveNoLongerDeclaredIsRefusedNamingTheRecord() throws Exception {
        Path journal = recorded();
        List<String> records = new ArrayList<>(Files.readAllLines(journal));
        // written by another version of LinuxAgent (another fingerprint), whose first step moved by USER
        records.set(0, recrc(records.get(0).replaceFirst("sha256:[0-9a-f]{64}", "sha256:" + "0".repeat(64))));
        assertTrue(records.get(2).contains("\"trigger\":\"LLM\""), records.get(2));
        records.set(2, recrc(records.get(2).replace("\"trigger\":\"LLM\"", "\"trigger\":\"USER\"")));
        Files.write(journal, records);
        String error = refusedResume(journal);

        assertTrue(
                error.startsWith("agentfsm-cli run: journal " + journal + ", record 3: step 1 of round 1 moved from"
                        + " LinuxAgent."),
                error);
        assertTrue(
                error.contains(" by USER, a move these machines no longer declare (")
                        && error.contains("The journal was written by another version of LinuxAgent (fingerprint"
                                + " sha256:" + "0".repeat(64)),
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

    @Test
    void aTaskCarryingTerminalEscapesIsShownEscapedAlsoWhenAJournalSuppliesIt() throws Exception {
        Path root = Files.createDirectory(dir.resolve("root"));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        Path journal = dir.resolve("run.journal");
        // a task pasted from a ticket, or a journal received from someone else: OSC 52 writes the clipboard
        String task = "list the files\u001b]52;c;cm0gLXJmIH4=\u0007\u202e\u009b2J";
        String shown = "task:  list the files\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u202e\\u009b2J\n";
        try (ChatServer server = new ChatServer(RunArgs.LIST, RunArgs.DONE)) {
            Cli first = run(server, root, "--task", task, "--journal", journal.toString());
            assertEquals(0, first.exitCode(), first.out() + first.err());
            assertTrue(first.out().contains(shown), first.out());
            assertFalse(first.out().contains("\u001b") || first.out().contains("\u202e"), first.out());
        }
        try (ChatServer server = new ChatServer()) {
            Cli resumed = run(server, root, "--resume", journal.toString());
            assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
            assertTrue(resumed.out().contains(shown), resumed.out());
            assertFalse(resumed.out().contains("\u001b") || resumed.out().contains("\u202e"), resumed.out());
        }
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
