package dev.agentfsm.agents.linux.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the driver protects against beyond its command rules: commands in a session of their own, with
 * resource limits, a temporary directory of their own, away from the agent's process, and stopped with
 * everything they started, also when the agent itself is killed.
 */
class SandboxTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path root;

    @TempDir
    Path bin;

    @BeforeEach
    void open() {
        CommandDirectories.readable(root);
        CommandDirectories.readable(bin);
    }

    /**
     * A command's own time-out for a command that should end at once: a minute would only bound a hang, and 20 s
     * stays under the driver's {@link #TIMEOUT}; a sandboxed command starts in tens of milliseconds, so even a
     * machine twenty times slower ends it long before.
     */
    private static final int QUICK_SECONDS = 20;

    private static ActionResult run(ShellDriver shell, String command, Object timeoutSeconds) throws DriverException {
        return shell.execute(
                new Action("execute_command", Map.of("command", command, "timeout", timeoutSeconds)), TIMEOUT);
    }

    /** {@code command} started on another thread, to be stopped by a provoked time-out. */
    private static CompletableFuture<ActionResult> start(ShellDriver shell, String command) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return run(shell, command, 120);
            } catch (DriverException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Waits for {@code file} to exist (the event a script signals with), looking at most {@link RunningProcesses#ATTEMPTS} times. */
    private static void awaitFile(Path file, CompletableFuture<ActionResult> running) throws Exception {
        boolean written = RunningProcesses.awaitLooks(
                () -> {
                    boolean exists = Files.exists(file);
                    if (!exists && running.isDone()) {
                        throw new AssertionError("the command ended before it wrote " + file + ": " + running.get());
                    }
                    return exists;
                },
                exists -> exists);
        assertTrue(written, () -> "the command never wrote " + file);
    }

    /** A script on {@code bin} named {@code name}. */
    private Path script(String name, String... lines) throws IOException {
        Path script = bin.resolve(name);
        Files.writeString(script, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
        return Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /**
     * Whether this system allows a sandbox that hides the agent and contains every process (as root, or
     * with user namespaces), judged by starting commands in them, not by what the driver chose.
     */
    private static boolean strongSandboxPossible() {
        SystemTools tools = SystemTools.find();
        return Confinement.works(tools, Sandbox.NOBODY_IN_PID_NAMESPACE)
                || Confinement.works(tools, Sandbox.OWN_NAMESPACES);
    }

    private static void assumeAvailable(Sandbox sandbox) {
        Assumptions.assumeTrue(Confinement.works(SystemTools.find(), sandbox), sandbox + " is not available here");
    }

    // 1. temporary files

    @Test
    void eachCommandHasATemporaryDirectoryOfItsOwnThatIsDeletedEvenAfterATimeOut(@TempDir Path out) throws Exception {
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path said = out.resolve("said");
        script(
                "use-tmp",
                "echo \"$TMPDIR\"",
                "head -c 1000 /dev/zero > \"$TMPDIR/sort-like\"",
                "echo ready > \"$1\"",
                "exec sleep 300");
        ProvokedTimeOuts timeOuts = new ProvokedTimeOuts();
        ShellDriver shell = ShellDriver.of(
                ShellConfig.of(root).withSearchDirectory(bin).withAllowed("use-tmp"),
                Confinement.strongest(SystemTools.find()),
                timeOuts);

        CompletableFuture<ActionResult> running = start(shell, "use-tmp " + said);
        awaitFile(said, running);
        timeOuts.provoke();
        ActionResult result = running.get();

        assertEquals(true, result.data().get("timed_out"), result.toString());
        Path tmp = Path.of(((String) result.data().get("stdout")).strip());
        assertEquals(Path.of(System.getProperty("java.io.tmpdir")), tmp.getParent(), result.toString());
        assertTrue(tmp.getFileName().toString().startsWith("agentfsm-cmd-"), tmp.toString());
        assertFalse(Files.exists(tmp), "the temporary directory and what the command left in it are deleted");
    }

    @Test
    void temporaryDirectoriesLeftByAKilledAgentAreDeletedLater(@TempDir Path tmp) throws IOException {
        FileTime anHourAgo = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
        Path left = Files.createDirectory(tmp.resolve(Confinement.TEMPORARY_PREFIX + "123"));
        Files.writeString(left.resolve("sort-like"), "x");
        Files.setLastModifiedTime(left, anHourAgo);
        Path running = Files.createDirectory(tmp.resolve(Confinement.TEMPORARY_PREFIX + "456"));
        Path notOurs = Files.setLastModifiedTime(Files.createDirectory(tmp.resolve("agentfsm-other")), anHourAgo);

        assertEquals(1, Confinement.deleteStale(tmp, Instant.now().minus(Confinement.STALE)));

        assertFalse(Files.exists(left), "left behind an hour ago");
        assertTrue(Files.exists(running), "may belong to a command running now");
        assertTrue(Files.exists(notOurs));
    }

    @Test
    void deletingATemporaryDirectoryNeverFollowsALink(@TempDir Path tmp, @TempDir Path outside) throws IOException {
        Path precious = Files.writeString(outside.resolve("precious"), "keep");
        Path dir = Files.createDirectories(tmp.resolve(Confinement.TEMPORARY_PREFIX + "1/sub"));
        Files.writeString(dir.resolve("sort-like"), "x");
        Files.createSymbolicLink(dir.resolve("link"), outside);
        Path swapped = Files.createSymbolicLink(tmp.resolve(Confinement.TEMPORARY_PREFIX + "2"), outside);

        assertEquals(1, Confinement.usedBytes(dir.getParent(), Long.MAX_VALUE), "the link's target is not counted");
        Confinement.delete(dir.getParent());
        Confinement.delete(swapped);

        assertFalse(Files.exists(dir.getParent()));
        assertFalse(Files.exists(swapped, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertEquals("keep", Files.readString(precious));
    }

    @Test
    void aStoppedCommandGetsSigtermAndAGracePeriodBeforeSigkill(@TempDir Path out) throws Exception {
        // sort removes its temporary files on SIGTERM; this script says so in a file instead
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path ready = out.resolve("ready");
        Path said = out.resolve("said");
        script(
                "clean-up-on-term",
                "trap 'echo cleaned up > \"$2\"; exit 0' TERM",
                "echo ready > \"$1\"",
                "sleep 300 &",
                "wait");
        ProvokedTimeOuts timeOuts = new ProvokedTimeOuts();
        ShellDriver shell = ShellDriver.of(
                ShellConfig.of(root).withSearchDirectory(bin).withAllowed("clean-up-on-term"),
                Confinement.strongest(SystemTools.find()),
                timeOuts);

        CompletableFuture<ActionResult> running = start(shell, "clean-up-on-term " + ready + " " + said);
        awaitFile(ready, running); // its trap is set
        timeOuts.provoke();
        ActionResult result = running.get();

        assertEquals(true, result.data().get("timed_out"), result.toString());
        assertEquals("cleaned up\n", Files.readString(said));
        assertEquals(0, result.data().get("exit_code"), "it ended by itself on SIGTERM, not by SIGKILL: " + result);
    }

    // 2. resource limits

    @Test
    void everyCommandRunsWithinTheLimits() throws Exception {
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root).withLimits(new ShellLimits(300, 7, 5, 33, 10)));
        String limits = (String)
                run(shell, "cat /proc/self/limits", QUICK_SECONDS).data().get("stdout");

        assertEquals("7 7", limit(limits, "Max cpu time"));
        assertEquals(5L * 1024 * 1024 + " " + 5L * 1024 * 1024, limit(limits, "Max file size"));
        assertEquals(300L * 1024 * 1024 + " " + 300L * 1024 * 1024, limit(limits, "Max address space"));
        assertEquals("0 0", limit(limits, "Max core file size"));
        if (shell.sandbox() != Sandbox.NONE) {
            assertEquals("33 33", limit(limits, "Max processes"));
        }
    }

    private static String limit(String limits, String name) {
        return limits.lines()
                .filter(line -> line.startsWith(name))
                .findFirst()
                .orElseThrow()
                .substring(name.length())
                .strip()
                .replaceAll("\\s+", " ")
                .replaceAll(" [a-z]+$", "");
    }

    @Test
    void aCommandThatGrowsWithoutEndIsStoppedByTheAddressSpaceLimit() throws Exception {
        // no time-out ever happens (it is never provoked): only the limit can stop the command
        ShellDriver shell = ShellDriver.of(
                ShellConfig.of(root).withLimits(new ShellLimits(256, 60, 256, 64, 512)),
                Confinement.strongest(SystemTools.find()),
                new ProvokedTimeOuts());

        ActionResult result = run(shell, "tail -n1 /dev/zero", 120);

        assertEquals(false, result.data().get("timed_out"), "stopped by the limit, not the time-out: " + result);
        assertEquals(1, result.data().get("exit_code"));
        assertTrue(((String) result.data().get("stderr")).contains("memory exhausted"), result.toString());
    }

    @Test
    void aCommandWhoseTemporaryFilesOutgrowTheLimitIsStopped() throws Exception {
        // one MiB a file, each under the file size limit: only the temporary space limit stops it
        script(
                "fill-tmp",
                "i=0",
                "while [ $i -lt 3000 ]; do",
                "  head -c 1048576 /dev/zero > \"$TMPDIR/f$i\" || exit 1",
                "  i=$((i+1))",
                "done",
                "exit 3");
        // no time-out ever happens (it is never provoked): only the temporary space limit can stop the command
        ShellDriver shell = ShellDriver.of(
                ShellConfig.of(root)
                        .withLimits(new ShellLimits(1024, 60, 256, 64, 4))
                        .withSearchDirectory(bin)
                        .withAllowed("fill-tmp"),
                Confinement.strongest(SystemTools.find()),
                new ProvokedTimeOuts());

        ActionResult result = run(shell, "fill-tmp", 120);

        assertEquals(
                "its temporary files grew past the limit of 4 MiB",
                result.reason().orElseThrow(),
                result.toString());
        assertEquals(true, result.data().get("temp_space_full"));
        assertTrue(
                result.output()
                        .startsWith("its temporary files grew past the limit of 4 MiB; the command and every"
                                + " process it started were killed\n"),
                result.output());
    }

    // 3. the agent's secrets

    @Test
    void commandsCannotReadTheAgentsEnvironment() throws Exception {
        Assumptions.assumeTrue(
                SystemTools.effectiveUid() == 0 || strongSandboxPossible(),
                "neither root nor user namespaces: commands run as the agent's user");
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root));
        long agent = ProcessHandle.current().pid();

        ActionResult environ = run(shell, "cat /proc/" + agent + "/environ", QUICK_SECONDS);
        ActionResult ps = run(shell, "ps eww -p " + agent, QUICK_SECONDS);

        assertFalse(environ.success(), environ.toString());
        assertEquals("", environ.data().get("stdout"));
        for (Map.Entry<String, String> variable : System.getenv().entrySet()) {
            String text = variable.getKey() + "=" + variable.getValue();
            assertFalse(((String) ps.data().get("stdout")).contains(text), () -> "ps shows " + text + ": " + ps);
        }
    }

    @Test
    void theStrongestSandboxIsChosenAndSaysWhatItDoes() {
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root));
        if (SystemTools.effectiveUid() == 0) {
            assertTrue(shell.sandbox().runsAsNobody(), shell.sandbox().toString());
        }
        if (strongSandboxPossible()) {
            assertTrue(
                    shell.sandbox().containsEveryProcess() && shell.sandbox().hidesAgentEnvironment(),
                    shell.sandbox().toString());
        }
        assertTrue(
                shell.sandbox().description().startsWith("commands run as "),
                shell.sandbox().description());
    }

    @Test
    void aRootTheCommandsCannotReadIsRefusedAtTheStart() throws IOException {
        Assumptions.assumeTrue(SystemTools.effectiveUid() == 0, "only as root do commands run as another user");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
        assertEquals(
                "the shell's root '" + root + "' cannot be read by user nobody (uid 65534), who runs the"
                        + " commands because the agent runs as root; make it readable (chmod o+rx '" + root
                        + "') or run"
                        + " the agent as another user",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> ShellDriver.of(ShellConfig.of(root), Sandbox.NOBODY_IN_PID_NAMESPACE))
                        .getMessage());
    }

    // 4. the terminal

    @ParameterizedTest
    @EnumSource(Sandbox.class)
    void everyCommandRunsInASessionOfItsOwnWithoutATerminal(Sandbox sandbox) throws Exception {
        assumeAvailable(sandbox);
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root), sandbox);

        String stat = ((String)
                        run(shell, "cat /proc/self/stat", QUICK_SECONDS).data().get("stdout"))
                .strip();

        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        String pid = stat.substring(0, stat.indexOf(' '));
        assertEquals(pid, fields[2], "process group: " + stat);
        assertEquals(pid, fields[3], "session: " + stat);
        assertEquals("0", fields[4], "no controlling terminal: " + stat);
    }

    // 5. processes that outlive the command or the agent

    @ParameterizedTest
    @EnumSource(Sandbox.class)
    void aTimeOutKillsEverythingTheCommandStarted(Sandbox sandbox) throws Exception {
        assumeAvailable(sandbox);
        String marker = "tree-" + UUID.randomUUID();
        Files.writeString(root.resolve(marker), "");
        script(
                "spawn-followers",
                "tail -f \"$1\" &", // a child
                "( tail -f \"$1\" & wait ) &", // a grandchild
                "( tail -f \"$1\" & )", // an orphan, still in the process group
                "( setsid tail -f \"$1\" & )", // an orphan in a session of its own: a daemon
                "wait");
        ProvokedTimeOuts timeOuts = new ProvokedTimeOuts();
        ShellDriver shell = ShellDriver.of(
                ShellConfig.of(root).withSearchDirectory(bin).withAllowed("spawn-followers"), sandbox, timeOuts);
        try {
            CompletableFuture<ActionResult> running = start(shell, "spawn-followers " + marker);
            // the time-out comes only once the four followers run, however long the machine takes to start them
            List<Long> followers = RunningProcesses.awaitRunning(marker, "tail", 4);
            assertEquals(4, followers.size(), "the four followers ran together: " + followers);
            List<Long> daemons = new ArrayList<>();
            for (long follower : followers) {
                if (RunningProcesses.leadsASession(follower)) {
                    daemons.add(follower);
                }
            }
            assertEquals(1, daemons.size(), "one follower is a daemon: " + followers);
            timeOuts.provoke();
            ActionResult result = running.get();

            assertEquals(true, result.data().get("timed_out"), result.toString());
            List<Long> inReach = new ArrayList<>(followers);
            inReach.removeAll(daemons);
            assertEquals(List.of(), RunningProcesses.awaitEnded(inReach), sandbox + ": the three in its session");
            if (sandbox.containsEveryProcess()) {
                assertEquals(List.of(), RunningProcesses.awaitEnded(daemons), sandbox + " leaves nothing");
            } else {
                assertEquals(
                        daemons,
                        RunningProcesses.stillRunning(daemons),
                        sandbox + ": only the daemon in its own session escapes");
            }
        } finally {
            RunningProcesses.killAll(marker);
        }
    }

    /**
     * Without a PID namespace a command waits at a gate until its process group is under the watchdog:
     * an agent killed between the command's start and its watch must not leave children nobody kills
     * (CI saw two of them outlive the agent on a loaded machine). Started without {@code launch}, which
     * opens the gate, the command never runs and ends when its input does.
     */
    @ParameterizedTest
    @EnumSource(
            value = Sandbox.class,
            names = {"NOBODY", "NONE"}) // a PID namespace holds every process at once: no gate there
    void aCommandRunsOnlyOnceItsGroupIsWatched(Sandbox sandbox) throws Exception {
        assumeAvailable(sandbox);
        assertFalse(sandbox.containsEveryProcess(), sandbox + " has a PID namespace now: take it out of this test");
        Confinement confinement = new Confinement(SystemTools.find(), sandbox, ShellLimits.DEFAULTS);
        ProcessBuilder builder = new ProcessBuilder(confinement.wrap(List.of("/bin/true")))
                .directory(root.toFile())
                .redirectErrorStream(true);
        Process ungated = Confinement.start(builder);
        ungated.getOutputStream().close();
        assertTrue(ungated.waitFor(60, TimeUnit.SECONDS), "the gate ends with its input");
        assertEquals(
                Confinement.GATE_CLOSED,
                ungated.exitValue(),
                () -> sandbox + ": the command ran before its group was watched: " + new String(readAll(ungated)));

        Process launched = confinement.launch(builder);
        launched.getOutputStream().close();
        assertTrue(launched.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, launched.exitValue(), () -> sandbox + ": launched, it ran: " + new String(readAll(launched)));
        confinement.kill(launched);
    }

    private static byte[] readAll(Process process) {
        try {
            return process.getInputStream().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The agent's JVM killed with SIGKILL while a command runs: the command, a background child in its
     * session and process group (issue 29: it outlived the agent in {@link Sandbox#NOBODY}), and, in a PID
     * namespace, a daemon in a session of its own all die with it.
     */
    @ParameterizedTest
    @EnumSource(Sandbox.class)
    void commandsDieWithTheAgentEvenWhenItIsKilled(Sandbox sandbox, @TempDir Path tmp) throws Exception {
        assumeAvailable(sandbox);
        String marker = "zero-" + UUID.randomUUID();
        Files.createSymbolicLink(root.resolve(marker), Path.of("/dev/zero"));
        Files.createSymbolicLink(root.resolve(marker + "-daemon"), Path.of("/dev/zero"));
        script(
                "leave-children",
                "md5sum \"$1\" &", // a child in the command's session and process group
                "( setsid md5sum \"$1-daemon\" & )", // a daemon in a session of its own
                "md5sum \"$1\"");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // the killed agent cannot delete its commands' temporary directories: keep them where JUnit will
        String tmpdir = "-Djava.io.tmpdir=" + CommandDirectories.readable(tmp);
        Process agent = new ProcessBuilder(
                        java.toString(),
                        tmpdir,
                        "-cp",
                        System.getProperty("java.class.path"),
                        AgentThatGetsKilled.class.getName(),
                        root.toString(),
                        bin.toString(),
                        marker,
                        sandbox.name())
                .redirectErrorStream(true)
                .redirectOutput(bin.resolve("agent.log").toFile())
                .start();
        try {
            // the command itself, the script's child, its daemon and its last md5sum
            List<Long> running = RunningProcesses.awaitRunning(marker, "md5sum", 4);
            assertEquals(4, running.size(), () -> "md5sum running: " + running + "; agent log: " + log());
            List<Long> daemons = RunningProcesses.withMarker(marker + "-daemon", "md5sum");
            assertEquals(1, daemons.size(), daemons.toString());

            agent.destroyForcibly(); // SIGKILL to its pid: no shutdown hook, no finally
            agent.waitFor();

            List<Long> inReach = new ArrayList<>(running);
            inReach.removeAll(daemons);
            assertEquals(List.of(), RunningProcesses.awaitEnded(inReach), sandbox + ": nothing in the command's group");
            if (sandbox.containsEveryProcess()) {
                assertEquals(List.of(), RunningProcesses.awaitEnded(daemons), sandbox + ": nothing outlives the agent");
            } else {
                assertEquals(
                        daemons,
                        RunningProcesses.stillRunning(daemons),
                        sandbox + ": only the daemon in its own session outlives it");
            }
        } finally {
            agent.destroyForcibly();
            RunningProcesses.killAll(marker);
        }
    }

    private String log() {
        try {
            return Files.readString(bin.resolve("agent.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }
}
