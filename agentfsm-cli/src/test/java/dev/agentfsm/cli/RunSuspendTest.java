package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.journal.Journal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --replay} drives the whole flow without a model: a journaled run with no terminal stops at the
 * confirmation of a command allowed as unsafe (exit 3, the question printed escaped), and {@code run --resume
 * FILE --answer yes|no} goes on without asking the model again or running a command twice; bad replies are
 * one line and exit 2, with nothing run; a run killed at a random moment resumes to the question from its journal.
 */
class RunSuspendTest {
    private static final String TASK = "Which files are here, and what is the environment?";
    /** The model's second reply: run {@code env}, allowed only as unsafe, with a terminal escape in its thought. */
    private static final String ENV =
            """
            {"observation": "one file", "thought": "now the environment \\u001b]52;c;cHduZWQ=\\u0007",
             "action": {"function": "execute_command", "arguments": {"command": "env"}, "status": "CONTINUE"},
             "plan": ["env", "answer"], "result": ""}""";

    private static final String QUESTION =
            "waiting: run 'env'? (env is allowed as unsafe: it may write files or run programs)"
                    + " (step 2, LinuxAgent.CONTINUE)\n";

    @TempDir
    Path dir;

    private Path root;
    private Path replies;
    private Path journal;

    @BeforeEach
    void workspace() throws Exception {
        CommandDirectories.readable(dir); // as root, commands run as user nobody
        root = Files.createDirectory(dir.resolve("root"));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        replies = replay("three.yaml", RunArgs.LIST, ENV, RunArgs.DONE);
        journal = dir.resolve("run.journal");
    }

    @Test
    void aJournaledRunStopsAtTheConfirmationAndAnsweredYesGoesOnRunningTheCommandOnce() throws Exception {
        Cli first = run("--task", TASK, "--journal", journal.toString());

        assertEquals(AgentFsmCli.WAITING, first.exitCode(), first.out() + first.err());
        assertTrue(first.out().contains("\nstep 1  CONTINUE -> CONTINUE  $ ls -1  [exit 0, "), first.out());
        assertTrue(first.out().contains("\nround SUSPENDED after 2 states: CONTINUE -> CONTINUE\n"), first.out());
        assertTrue(first.out().contains(QUESTION), first.out());
        assertTrue(
                first.out().contains("go on with: agentfsm-cli run --resume " + journal + " --answer yes|no"),
                first.out());
        assertFalse(first.out().contains("PATH=/usr/bin:/bin"), "env did not run: " + first.out());
        assertFalse(first.out().contains("\u001b"), "no raw escape reaches the terminal");
        assertEquals(0, countInSteps(journal, "{\"command\":\"env\"},\"function\":\"execute_command\"},\"result\""));

        Cli resumed = run("--resume", journal.toString(), "--answer", "yes");

        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(
                resumed.out().matches("(?s).*\\$ ls -1  \\[exit 0, \\d+ ms\\]  \\(replayed from the journal\\)\n.*"),
                resumed.out());
        assertTrue(resumed.out().contains("\nstep 2  CONTINUE -> CONTINUE  $ env  [exit 0, "), resumed.out());
        assertTrue(resumed.out().contains("PATH=/usr/bin:/bin"), resumed.out());
        assertTrue(
                resumed.out()
                        .contains("\nround COMPLETED after 4 states: CONTINUE -> CONTINUE -> CONTINUE -> FINISH\n"),
                resumed.out());
        // each command once in the steps' records; three model replies for three steps: a model asked again
        // would have been given the next recorded reply, and the path would differ
        assertEquals(1, countInSteps(journal, "{\"command\":\"ls -1\"},\"function\":\"execute_command\"},\"result\""));
        assertEquals(1, countInSteps(journal, "{\"command\":\"env\"},\"function\":\"execute_command\"},\"result\""));
        assertEquals(3, countInSteps(journal, "{\"kind\":\"llm\""));
        assertEquals(1, countInSteps(journal, "\"decision\":\"APPROVED\""), Files.readString(journal));

        // the ended run resumes to its end; an answer now is refused in one line, nothing run
        Cli late = run("--resume", journal.toString(), "--answer", "yes");
        assertEquals(AgentFsmCli.USAGE, late.exitCode(), late.out() + late.err());
        assertEquals(1, late.err().lines().count(), late.err());
        assertTrue(late.err().contains("is not waiting for an answer"), late.err());
        assertFalse(late.out().contains("step 1"), late.out());
    }

    /** A reply of the model that runs {@code command}, allowed only as unsafe. */
    private static String unsafeReply(String command) {
        return ENV.replace("{\"command\": \"env\"}", "{\"command\": \"" + command + "\"}");
    }

    @Test
    void aConfirmationIsShownInFullOrCanOnlyBeRejected() throws Exception {
        // the model pads its command so that a cut would hide what it deletes
        String padded = "rm hello.txt" + " ".repeat(1_500) + "/home/user/thesis";
        replies = replay("padded.yaml", RunArgs.LIST, unsafeReply(padded), RunArgs.DONE);
        Cli first = run("--allow-unsafe", "rm", "--task", TASK, "--journal", journal.toString());
        assertEquals(AgentFsmCli.WAITING, first.exitCode(), first.out() + first.err());
        assertTrue(first.out().contains("/home/user/thesis'? (rm is allowed as unsafe"), first.out());
        assertFalse(first.out().contains(" chars)"), first.out());

        String unshowable = "rm hello.txt" + " ".repeat(25_000) + "/home/user/thesis";
        replies = replay("unshowable.yaml", RunArgs.LIST, unsafeReply(unshowable), RunArgs.DONE);
        Path other = dir.resolve("other.journal");
        Cli second = run("--allow-unsafe", "rm", "--task", TASK, "--journal", other.toString());
        assertEquals(AgentFsmCli.WAITING, second.exitCode(), second.out() + second.err());
        assertTrue(
                second.out()
                        .contains("waiting: a confirmation of an action of 25098 characters, too long to show in"
                                + " full (step 2, LinuxAgent.CONTINUE); it can only be rejected\n"),
                second.out());
        assertTrue(second.out().contains(" --answer no "), second.out());

        Cli approved = run("--allow-unsafe", "rm", "--resume", other.toString(), "--answer", "yes");
        assertEquals(AgentFsmCli.USAGE, approved.exitCode(), approved.out() + approved.err());
        assertTrue(approved.err().contains("cannot be approved from here; answer no"), approved.err());
        assertTrue(Files.exists(root.resolve("hello.txt")), "nothing was deleted");
    }

    @Test
    void answeredNoTheCommandNeverRunsAndTheModelReadsWhy() throws Exception {
        assertEquals(
                AgentFsmCli.WAITING,
                run("--task", TASK, "--journal", journal.toString()).exitCode());

        Cli resumed = run("--resume", journal.toString(), "--answer", "no");

        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(resumed.out().contains("not run: the user rejected running 'env'"), resumed.out());
        assertFalse(resumed.out().contains("PATH=/usr/bin:/bin"), resumed.out());
        assertEquals(3, countInSteps(journal, "{\"kind\":\"llm\""), "no model call twice");
        assertEquals(0, countInSteps(journal, "{\"command\":\"env\"},\"function\":\"execute_command\"},\"result\""));
    }

    @Test
    void resumedWithoutAnAnswerTheRunStopsAtTheSameQuestionAgain() throws Exception {
        assertEquals(
                AgentFsmCli.WAITING,
                run("--task", TASK, "--journal", journal.toString()).exitCode());
        long bytes = Files.size(journal);

        Cli again = run("--resume", journal.toString(), "--no-wait");

        assertEquals(AgentFsmCli.WAITING, again.exitCode(), again.out() + again.err());
        assertTrue(again.out().contains(QUESTION), again.out());
        assertEquals(bytes, Files.size(journal), "nothing new written");
    }

    @Test
    void badRepliesAreOneLineAndRunNothing() throws Exception {
        assertEquals(
                AgentFsmCli.WAITING,
                run("--task", TASK, "--journal", journal.toString()).exitCode());
        long bytes = Files.size(journal);

        Cli maybe = run("--resume", journal.toString(), "--answer", "maybe");
        assertEquals(AgentFsmCli.USAGE, maybe.exitCode(), maybe.err());
        assertTrue(maybe.err().contains("--answer 'maybe': the run waits for a confirmation, answered yes or no"));

        Cli withoutResume = run("--task", TASK, "--answer", "yes");
        assertEquals(AgentFsmCli.USAGE, withoutResume.exitCode());
        assertTrue(withoutResume.err().contains("--answer replies to the question a journaled run stopped at"));

        Cli noWait = run("--task", TASK, "--no-wait");
        assertEquals(AgentFsmCli.USAGE, noWait.exitCode());
        assertTrue(noWait.err().contains("--no-wait stops the run at a confirmation"), noWait.err());

        for (Cli cli : List.of(maybe, withoutResume, noWait)) {
            assertEquals(1, cli.err().lines().count(), cli.err());
            assertFalse(cli.out().contains("step 1"), cli.out());
        }
        assertEquals(bytes, Files.size(journal), "nothing written");
    }

    @Test
    void aCommandLineRefusedOnResumeWritesNoAnswerSoTheSameAnswerCanBeGivenAgain() throws Exception {
        assertEquals(
                AgentFsmCli.WAITING,
                run("--task", TASK, "--journal", journal.toString()).exitCode());
        String before = Files.readString(journal);
        Path good = replies;

        Cli otherTask = run("--resume", journal.toString(), "--answer", "yes", "--task", "another task");
        assertEquals(before, Files.readString(journal), "no answer written: " + otherTask.err());
        replies = replay("short.yaml", RunArgs.LIST); // the journal recorded two model calls
        Cli tooShort = run("--resume", journal.toString(), "--answer", "yes");
        assertEquals(before, Files.readString(journal), "no answer written: " + tooShort.err());
        replies = dir.resolve("mistyped.yaml");
        Cli missing = run("--resume", journal.toString(), "--answer", "yes");
        assertEquals(before, Files.readString(journal), "no answer written: " + missing.err());
        replies = good;

        assertTrue(otherTask.err().contains("is not the task journal"), otherTask.err());
        assertTrue(tooShort.err().contains("more than the replay holds"), tooShort.err());
        assertTrue(
                missing.err().contains("--replay '" + dir.resolve("mistyped.yaml") + "' does not exist"),
                missing.err());
        for (Cli cli : List.of(otherTask, tooShort, missing)) {
            assertEquals(AgentFsmCli.USAGE, cli.exitCode(), cli.out() + cli.err());
            assertEquals(1, cli.err().lines().count(), cli.err());
            assertFalse(cli.out().contains("step 1"), cli.out());
        }

        Cli answered = run("--resume", journal.toString(), "--answer", "yes");
        assertEquals(0, answered.exitCode(), answered.out() + answered.err());
        assertTrue(answered.out().contains("\nstep 2  CONTINUE -> CONTINUE  $ env  [exit 0, "), answered.out());
    }

    @Test
    void aMissingReplayCreatesNoJournal() {
        Path fresh = dir.resolve("fresh.journal");
        replies = dir.resolve("mistyped.yaml");

        Cli cli = run("--task", TASK, "--journal", fresh.toString());

        assertFalse(Files.exists(fresh), "nothing written: " + cli.err());
        assertEquals(AgentFsmCli.USAGE, cli.exitCode(), cli.out() + cli.err());
        assertEquals(
                "agentfsm-cli run: --replay '" + replies
                        + "' does not exist; give the YAML file of the recorded replies"
                        + " (see 'agentfsm-cli run --help')\n",
                cli.err());
    }

    @Test
    void withNeitherTerminalNorJournalAnUnsafeCommandIsRefused() {
        Cli run = run("--task", TASK);

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("no terminal and no --journal, so they are refused"), run.out());
        assertTrue(run.out().contains("not run: the user rejected running 'env'"), run.out());
    }

    @Test
    void aJournalOfAnUnrelatedMachineIsRefusedInOneLine() throws Exception {
        assertEquals(
                AgentFsmCli.WAITING,
                run("--task", TASK, "--journal", journal.toString()).exitCode());
        List<String> lines = new ArrayList<>(Files.readAllLines(journal));
        lines.set(0, withCrc(lines.get(0).replace("\"machine\":\"LinuxAgent\"", "\"machine\":\"Payroll\"")));
        Files.write(journal, lines);

        Cli resumed = run("--resume", journal.toString(), "--answer", "yes");

        assertEquals(AgentFsmCli.USAGE, resumed.exitCode(), resumed.out() + resumed.err());
        assertEquals(1, resumed.err().lines().count(), resumed.err());
        assertTrue(resumed.err().contains("written by other machines than these: it records Payroll"), resumed.err());
        assertFalse(resumed.out().contains("step 1"), resumed.out());
    }

    @Test
    void twoProcessesResumingOneJournalAtOnce() throws Exception {
        assertEquals(
                AgentFsmCli.WAITING,
                run("--task", TASK, "--journal", journal.toString()).exitCode());
        long bytes = Files.size(journal);
        // this JVM holds the journal as a resuming run would; another JVM resumes it with an answer
        try (Journal holder = Journal.open(journal)) {
            Process other = runInAnotherJvm("other", "--resume", journal.toString(), "--answer", "yes");
            assertTrue(other.waitFor(120, TimeUnit.SECONDS), "the other process ended");
            String err = Files.readString(dir.resolve("other.err"), StandardCharsets.UTF_8);
            assertEquals(AgentFsmCli.USAGE, other.exitValue(), err);
            assertTrue(err.contains("is open in another session"), err);
            assertEquals(
                    1,
                    err.lines().filter(line -> line.startsWith("agentfsm-cli")).count(),
                    err);
            assertFalse(Files.readString(dir.resolve("other.out")).contains("step 1"));
            assertTrue(holder.waiting().isPresent(), "still waiting: the other process wrote nothing");
        }
        assertEquals(bytes, Files.size(journal));
        assertEquals(0, run("--resume", journal.toString(), "--answer", "yes").exitCode(), "once it is free");
    }

    @Test
    void killedAtARandomMomentTheRunResumesToTheQuestionAndTheAnswerRunsEachCommandOnce() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Process child = runInAnotherJvm("killed", "--task", TASK, "--journal", journal.toString());
        // once the journal exists the run is under way: kill -9 it at a random moment from there (or find it
        // already stopped at the question; either way what is on disk must be enough)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (child.isAlive() && !(Files.exists(journal) && Files.size(journal) > 0)) {
            assertTrue(System.nanoTime() < deadline, "the run never started its journal");
            Thread.sleep(5);
        }
        child.waitFor(random.nextInt(400), TimeUnit.MILLISECONDS);
        child.destroyForcibly();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "killed");
        String records = Files.readString(journal);
        String where = "seed " + seed + ", killed after " + records.lines().count() + " lines:\n" + records;

        Cli resumed = run("--resume", journal.toString());
        assertEquals(AgentFsmCli.WAITING, resumed.exitCode(), where + resumed.out() + resumed.err());
        assertTrue(resumed.out().contains(QUESTION), where + resumed.out());
        Cli answered = run("--resume", journal.toString(), "--answer", "yes");

        assertEquals(0, answered.exitCode(), where + answered.out() + answered.err());
        assertTrue(
                answered.out()
                        .contains("\nround COMPLETED after 4 states: CONTINUE -> CONTINUE -> CONTINUE -> FINISH\n"),
                where + answered.out());
        assertEquals(
                1,
                countInSteps(journal, "{\"command\":\"ls -1\"},\"function\":\"execute_command\"},\"result\""),
                where);
        assertEquals(
                1, countInSteps(journal, "{\"command\":\"env\"},\"function\":\"execute_command\"},\"result\""), where);
        assertEquals(3, countInSteps(journal, "{\"kind\":\"llm\""), where);
        assertEquals(1, countInSteps(journal, "\"decision\":\"APPROVED\""), where);
    }

    @Test
    void onATerminalTheQuestionIsAskedThereAndYesRunsTheCommand() throws Exception {
        Path script = Path.of("/usr/bin/script");
        if (!Files.isExecutable(script)) {
            String message = "util-linux's 'script' (a terminal for the child) is not installed";
            if (Boolean.parseBoolean(System.getenv("AGENTFSM_REQUIRE_TOOLS"))) {
                org.junit.jupiter.api.Assertions.fail(message);
            }
            org.junit.jupiter.api.Assumptions.abort(message);
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                AgentFsmCli.class.getName(),
                "run",
                "--root",
                root.toString(),
                "--trace",
                dir.resolve("tty.jsonl").toString(),
                "--replay",
                replies.toString(),
                "--allow-unsafe",
                "env",
                "--task",
                TASK));
        String line = String.join(" ", command.stream().map(a -> "'" + a + "'").toList());
        // the child's stdin and stdout are a terminal that script opens; its input is this test's pipe
        Process child = new ProcessBuilder(script.toString(), "-qec", line, "/dev/null")
                .redirectErrorStream(true)
                .start();
        StringBuffer printed = new StringBuffer();
        java.util.concurrent.CountDownLatch asked = new java.util.concurrent.CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (var in = new java.io.InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8)) {
                char[] buffer = new char[4096];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    printed.append(buffer, 0, n);
                    if (printed.indexOf("Allow it? [y/n]") >= 0) {
                        asked.countDown();
                    }
                }
            } catch (java.io.IOException e) {
                printed.append("\n(reading failed: ").append(e).append(')');
            }
        });
        reader.start();
        try {
            assertTrue(asked.await(120, TimeUnit.SECONDS), "asked on the terminal: " + printed);
            child.getOutputStream().write("y\n".getBytes(StandardCharsets.UTF_8));
            child.getOutputStream().flush();
            assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the run ended: " + printed);
            reader.join(TimeUnit.SECONDS.toMillis(30));
        } finally {
            child.destroyForcibly();
        }
        String out = printed.toString();
        assertEquals(0, child.exitValue(), out);
        assertTrue(out.contains("The agent wants to run: run 'env'? (env is allowed as unsafe"), out);
        assertTrue(out.contains("PATH=/usr/bin:/bin"), out);
        assertFalse(out.contains("\u001b]52"), "the model's escape is shown escaped, never sent raw");
    }

    private Cli run(String... more) {
        return Cli.run(runArgs("trace", more).toArray(String[]::new));
    }

    /** {@code run} as {@link #run} gives it, in a JVM of its own; {@code name} names its trace and output files. */
    private Process runInAnotherJvm(String name, String... more) throws java.io.IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                AgentFsmCli.class.getName()));
        command.addAll(runArgs(name, more));
        return new ProcessBuilder(command)
                .redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile())
                .start();
    }

    private List<String> runArgs(String trace, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--root",
                root.toString(),
                "--trace",
                dir.resolve(trace + ".jsonl").toString(),
                "--replay",
                replies.toString(),
                "--allow-unsafe",
                "env"));
        args.addAll(List.of(more));
        return args;
    }

    /** How often {@code text} occurs in the journal's step records (a wait's record repeats its step's calls so far). */
    private static long countInSteps(Path file, String text) throws Exception {
        long count = 0;
        for (String line : Files.readAllLines(file)) {
            if (line.contains("\"type\":\"step\"")) {
                Matcher matcher = Pattern.compile(Pattern.quote(text)).matcher(line);
                while (matcher.find()) {
                    count++;
                }
            }
        }
        return count;
    }

    /** A journal line with its checksum recomputed, as whoever edits the file can. */
    private static String withCrc(String line) {
        String body = line.substring(0, line.lastIndexOf(",\"crc\":\"")) + "}";
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return body.substring(0, body.length() - 1) + ",\"crc\":\"" + String.format(Locale.ROOT, "%08x", crc.getValue())
                + "\"}";
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
