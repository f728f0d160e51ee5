package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --replay}: a recorded conversation plays the model, so that {@code run}, {@code --journal} and
 * {@code --resume} can be tried without one; on resume the replies the journal answered are passed over.
 */
class RunReplayTest {
    private static final String TASK = "Which files are here?";

    @TempDir
    Path dir;

    private Path root;
    private Path replies;

    @BeforeEach
    void workspace() throws Exception {
        CommandDirectories.readable(dir); // as root, commands run as user nobody
        root = Files.createDirectory(dir.resolve("root"));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        replies = replay("both.yaml", RunArgs.LIST, RunArgs.DONE);
    }

    @Test
    void aRecordedConversationRunsTheTaskWithoutAModel() {
        Cli run = run("--task", TASK, "--replay", replies.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("\nmodel: a recorded conversation, " + replies + "\n"), run.out());
        assertTrue(run.out().contains("\nstep 1  CONTINUE -> CONTINUE  $ ls -1  [exit 0, "), run.out());
        assertTrue(run.out().contains("\nround COMPLETED after 3 states: CONTINUE -> CONTINUE -> FINISH\n"), run.out());
    }

    @Test
    void aJournalCutOffAfterStepOneResumesWithTheReplyAfterTheOnesItAnswered() throws Exception {
        Path journal = dir.resolve("run.journal");
        Cli first = run("--task", TASK, "--replay", replies.toString(), "--journal", journal.toString());
        assertEquals(0, first.exitCode(), first.out() + first.err());
        List<String> records = Files.readAllLines(journal);
        assertEquals(6, records.size(), "header, requests, three steps, round end: " + records);
        Files.write(journal, records.subList(0, 3)); // the process died after step 1 was recorded

        Cli resumed = run("--resume", journal.toString(), "--replay", replies.toString());

        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(resumed.out().contains("  (replayed from the journal)\n"), resumed.out());
        // without passing over the reply the journal answered, step 2 would list the files again
        assertTrue(resumed.out().contains("\nstep 2  CONTINUE -> FINISH  (no command)  ["), resumed.out());
        assertTrue(
                resumed.out().contains("\nround COMPLETED after 3 states: CONTINUE -> CONTINUE -> FINISH\n"),
                resumed.out());
    }

    @Test
    void pathsAreShownEscapedAsEverythingElseFromOutsideIs() throws Exception {
        // a root named in a shell configuration someone else wrote, or a file someone else named
        String title = "\u001b]0;owned\u0007";
        root = Files.createDirectory(dir.resolve("root" + title));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        Path recorded = Files.copy(replies, dir.resolve("replies" + title + ".yaml"));
        Path journal = dir.resolve("run" + title + ".journal");

        Cli run = run("--task", TASK, "--replay", recorded.toString(), "--journal", journal.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertFalse(run.out().contains("\u001b"), run.out());
        String shown = "\\u001b]0;owned\\u0007";
        assertTrue(run.out().contains("\nroot:  " + dir.resolve("root" + shown) + " (commands run there"), run.out());
        assertTrue(
                run.out().contains("\nmodel: a recorded conversation, " + dir.resolve("replies" + shown + ".yaml")),
                run.out());
        assertTrue(run.out().contains("\njournal: " + dir.resolve("run" + shown + ".journal") + "\n"), run.out());
    }

    @Test
    void aReplayThatRunsOutEndsTheRoundNamingIt() throws Exception {
        Cli run = run(
                "--task", TASK, "--replay", replay("short.yaml", RunArgs.LIST).toString());

        assertEquals(AgentFsmCli.FAILED, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("has no reply left for request 2"), run.out());
    }

    @Test
    void aJournalWithMoreModelCallsThanTheReplayIsRefused() throws Exception {
        Path journal = dir.resolve("run.journal");
        assertEquals(
                0,
                run("--task", TASK, "--replay", replies.toString(), "--journal", journal.toString())
                        .exitCode());
        List<String> records = Files.readAllLines(journal);
        Files.write(journal, records.subList(0, 4)); // two steps, two model calls

        Cli resumed = run(
                "--resume",
                journal.toString(),
                "--replay",
                replay("one.yaml", RunArgs.LIST).toString());

        assertEquals(2, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(resumed.err().contains("recorded 2 model calls, more than the replay holds"), resumed.err());
    }

    @Test
    void aReplayWithAModelIsRefusedAndSoIsNeither() {
        Cli both = run("--task", TASK, "--replay", replies.toString(), "--base-url", "http://127.0.0.1:9/v1");
        assertEquals(2, both.exitCode(), both.err());
        assertTrue(both.err().contains("--replay plays a recorded conversation instead of a model"), both.err());

        Cli neither = run("--task", TASK);
        assertEquals(2, neither.exitCode(), neither.err());
        assertTrue(neither.err().contains("'--base-url=URL' and '--model=NAME' (or --replay FILE"), neither.err());
        assertFalse(neither.out().contains("step 1"), neither.out());
    }

    private Cli run(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                "--root",
                root.toString(),
                "--trace",
                dir.resolve("trace.jsonl").toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    private Path replay(String name, String... replies) throws Exception {
        StringBuilder yaml = new StringBuilder("replies:\n");
        for (String reply : replies) {
            yaml.append("  - |\n");
            reply.lines().forEach(line -> yaml.append("    ").append(line).append('\n'));
        }
        return Files.writeString(dir.resolve(name), yaml);
    }
}
