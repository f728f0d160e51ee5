package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run}'s options that name a file ({@code --trace}, {@code --journal}, {@code --resume},
 * {@code --shell-config}, {@code --replay}) are checked before anything is created or written: a bad one is one
 * line naming the option, its value (escaped) and the fix, exit 2, no header printed, no journal created and no
 * answer written.
 */
class RunFileOptionsTest {
    private static final String TASK = "Which files are here?";
    /** A reply that asks to run {@code env}, which runs only once approved. */
    private static final String ENV =
            """
            {"observation": "one file", "thought": "now the environment",
             "action": {"function": "execute_command", "arguments": {"command": "env"}, "status": "CONTINUE"},
             "plan": ["env", "answer"], "result": ""}""";

    @TempDir
    Path dir;

    private Path root;
    private Path replies;

    @BeforeEach
    void workspace() throws Exception {
        CommandDirectories.readable(dir); // as root, commands run as user nobody
        root = Files.createDirectory(dir.resolve("root"));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        StringBuilder yaml = new StringBuilder("replies:\n");
        for (String reply : List.of(RunArgs.LIST, ENV, RunArgs.DONE)) {
            yaml.append("  - |\n");
            reply.lines().forEach(line -> yaml.append("    ").append(line).append('\n'));
        }
        replies = Files.writeString(dir.resolve("replies.yaml"), yaml);
    }

    @Test
    void aTraceThatIsADirectoryIsRefusedBeforeTheJournalIsCreated() throws Exception {
        Path trace = Files.createDirectory(dir.resolve("traces"));
        Path journal = dir.resolve("run.journal");

        Cli run = run(trace, "--task", TASK, "--journal", journal.toString());

        assertRefused(
                run,
                "--trace '" + trace + "' is a directory; give a file to write the trace to (a new one, or a trace to"
                        + " add to)");
        assertFalse(Files.exists(journal), "no journal is left behind");
    }

    @Test
    void aTraceUnderARegularFileIsRefusedBeforeTheJournalIsCreated() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "notes\n");
        Path trace = file.resolve("sub/trace.jsonl");
        Path journal = dir.resolve("run.journal");

        Cli run = run(trace, "--task", TASK, "--journal", journal.toString());

        assertRefused(
                run,
                "--trace '" + trace + "' cannot be created: '" + file + "' is not a directory; give a path in a"
                        + " directory");
        assertFalse(Files.exists(journal), "no journal is left behind");
        assertEquals("notes\n", Files.readString(file));
    }

    @Test
    void aTraceThatIsTheJournalIsRefused() throws Exception {
        Path journal = dir.resolve("run.journal");

        Cli run = run(journal, "--task", TASK, "--journal", journal.toString());

        assertRefused(run, "--trace '" + journal + "' is the journal's file; give the trace a file of its own");
        assertFalse(Files.exists(journal), "no journal is left behind");
    }

    @Test
    void aTraceThatIsTheReplayIsRefusedLeavingTheReplayAsItWas() throws Exception {
        String recorded = Files.readString(replies);

        Cli run = run(replies, "--task", TASK);

        assertRefused(run, "--trace '" + replies + "' is the --replay file; give the trace a file of its own");
        assertEquals(recorded, Files.readString(replies));
    }

    @Test
    void aBadTraceIsRefusedBeforeTheAnswerIsWritten() throws Exception {
        Path journal = dir.resolve("run.journal");
        Cli first = run(dir.resolve("trace.jsonl"), "--task", TASK, "--journal", journal.toString());
        assertEquals(AgentFsmCli.WAITING, first.exitCode(), first.out() + first.err());
        byte[] suspended = Files.readAllBytes(journal);
        Path trace = Files.createDirectory(dir.resolve("traces"));

        Cli answered = run(trace, "--resume", journal.toString(), "--answer", "yes");

        assertRefused(
                answered,
                "--trace '" + trace + "' is a directory; give a file to write the trace to (a new one, or a trace to"
                        + " add to)");
        assertArrayEquals(suspended, Files.readAllBytes(journal), "the answer was not written");

        Cli again = run(dir.resolve("trace.jsonl"), "--resume", journal.toString(), "--answer", "yes");
        assertEquals(0, again.exitCode(), "the same answer, given again, goes on: " + again.out() + again.err());
    }

    @Test
    void aJournalThatIsADirectoryOrInAMissingDirectoryIsRefused() throws Exception {
        Path trace = dir.resolve("trace.jsonl");
        Path directory = Files.createDirectory(dir.resolve("journals"));
        assertRefused(
                run(trace, "--task", TASK, "--journal", directory.toString()),
                "--journal '" + directory + "' is a directory; give the path of a new file for the journal");

        Path missing = dir.resolve("no/such/run.journal");
        assertRefused(
                run(trace, "--task", TASK, "--journal", missing.toString()),
                "--journal '" + missing + "' cannot be created: the directory '" + missing.getParent()
                        + "' does not exist; create it, or give a path in an existing directory");
        assertFalse(Files.exists(trace), "no trace is written either");
    }

    @Test
    void aResumeThatIsMissingOrADirectoryIsRefused() throws Exception {
        Path trace = dir.resolve("trace.jsonl");
        Path missing = dir.resolve("gone.journal");
        assertRefused(
                run(trace, "--resume", missing.toString()),
                "--resume '" + missing + "' does not exist; give the journal file a run with --journal wrote");

        Path directory = Files.createDirectory(dir.resolve("journals"));
        assertRefused(
                run(trace, "--resume", directory.toString()),
                "--resume '" + directory + "' is a directory; give the journal file a run with --journal wrote");
        assertFalse(Files.exists(trace), "no trace is written");
    }

    @Test
    void aShellConfigOrReplayThatIsMissingOrADirectoryIsRefusedNamingTheFix() throws Exception {
        Path trace = dir.resolve("trace.jsonl");
        Path missing = dir.resolve("shell.yaml");
        assertRefused(
                run(trace, "--task", TASK, "--shell-config", missing.toString()),
                "--shell-config '" + missing + "' does not exist; give the YAML file of the shell's settings");
        assertRefused(
                run(trace, "--task", TASK, "--shell-config", dir.toString()),
                "--shell-config '" + dir + "' is a directory; give the YAML file of the shell's settings");
        List<String> args = new ArrayList<>(List.of("run", "--root", root.toString(), "--trace", trace.toString()));
        args.addAll(List.of("--task", TASK, "--replay", missing.toString()));
        assertRefused(
                Cli.run(args.toArray(String[]::new)),
                "--replay '" + missing + "' does not exist; give the YAML file of the recorded replies");
        assertFalse(Files.exists(trace), "no trace is written");
    }

    @Test
    void theValueIsShownEscaped() throws Exception {
        String title = "\u001b]0;owned\u0007";
        Path trace = Files.createDirectory(dir.resolve("traces" + title));
        Path journal = dir.resolve("run.journal");

        Cli run = run(trace, "--task", TASK, "--journal", journal.toString());

        assertRefused(
                run,
                "--trace '" + dir.resolve("traces\\u001b]0;owned\\u0007") + "' is a directory; give a file to write"
                        + " the trace to (a new one, or a trace to add to)");
        assertFalse(Files.exists(journal), "no journal is left behind");
    }

    private static void assertRefused(Cli cli, String error) {
        assertEquals(AgentFsmCli.USAGE, cli.exitCode(), cli.out() + cli.err());
        assertEquals(
                "agentfsm-cli run: " + error + " (see 'agentfsm-cli run --help')" + System.lineSeparator(), cli.err());
        assertEquals("", cli.out(), "nothing is printed before the refusal");
    }

    private Cli run(Path trace, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--root",
                root.toString(),
                "--trace",
                trace.toString(),
                "--replay",
                replies.toString(),
                "--allow-unsafe",
                "env"));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }
}
