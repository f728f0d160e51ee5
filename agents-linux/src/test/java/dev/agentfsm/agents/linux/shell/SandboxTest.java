package dev.agentfsm.agents.linux.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
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

    private static ActionResult run(ShellDriver shell, String command, Object timeoutSeconds) throws DriverException {
        return shell.execute(
                new Action("execute_command", Map.of("command", command, "timeout", timeoutSeconds)), TIMEOUT);
    }

    /** A script on {@code bin} named {@code name}. */
    private Path script(String name, String... lines) throws IOException {
        Path script = bin.resolve(name);
        Files.writeString(script, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
        return Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private ShellDriver withScripts(ShellConfig config, String... names) {
        return ShellDriver.of(config.withSearchDirectory(bin).withAllowed(names));
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
    void eachCommandHasATemporaryDirectoryOfItsOwnThatIsDeletedEvenAfterATimeOut() throws Exception {
        script("use-tmp", "echo \"$TMPDIR\"", "head -c 1000 /dev/zero > \"$TMPDIR/sort-like\"", "exec sleep 300");
        ShellDriver shell = withScripts(ShellConfig.of(root), "use-tmp");

        ActionResult result = run(shell, "use-tmp", 1);

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
        Path said = out.resolve("said");
        script("clean-up-on-term", "trap 'echo cleaned up > \"$1\"; exit 0' TERM", "sleep 300 &", "wait");
        ShellDriver shell = withScripts(ShellConfig.of(root), "clean-up-on-term");

        ActionResult result = run(shell, "clean-up-on-term " + said, 1);

        assertEquals(true, result.data().get("timed_out"), result.toString());
        assertEquals("cleaned up\n", Files.readString(said));
        assertTrue((Long) result.data().get("elapsed_ms") < 1_000 + CommandRunner.GRACE.toMillis(), result.toString());
    }

    // 2. resource limits

    @Test
    void everyCommandRunsWithinTheLimits() throws Exception {
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root).withLimits(new ShellLimits(300, 7, 5, 33, 10)));
        String limits = (String) run(shell, "cat /proc/self/limits", 5).data().get("stdout");

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
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root).withLimits(new ShellLimits(256, 60, 256, 64, 512)));

        ActionResult result = run(shell, "tail -n1 /dev/zero", 5);

        assertEquals(false, result.data().get("timed_out"), "stopped by the limit, not the time-out: " + result);
        assertEquals(1, result.data().get("exit_code"));
        assertTrue(((String) result.data().get("stderr")).contains("memory exhausted"), result.toString());
        assertTrue((Long) result.data().get("elapsed_ms") < 4_000, result.toString());
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
        ShellDriver shell =
                withScripts(ShellConfig.of(root).withLimits(new ShellLimits(1024, 60, 256, 64, 4)), "fill-tmp");

        ActionResult result = run(shell, "fill-tmp", 20);

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
        assertTrue((Long) result.data().get("elapsed_ms") < 5_000, result.toString());
    }

    // 3. the agent's secrets

    @Test
    void commandsCannotReadTheAgentsEnvironment() throws Exception {
        Assumptions.assumeTrue(
                SystemTools.effectiveUid() == 0 || strongSandboxPossible(),
                "neither root nor user namespaces: commands run as the agent's user");
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root));
        long agent = ProcessHandle.current().pid();

        ActionResult environ = run(shell, "cat /proc/" + agent + "/environ", 5);
        ActionResult ps = run(shell, "ps eww -p " + agent, 5);

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

        String stat = ((String) run(shell, "cat /proc/self/stat", 5).data().get("stdout")).strip();

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
        ShellDriver shell =
                ShellDriver.of(ShellConfig.of(root).withSearchDirectory(bin).withAllowed("spawn-followers"), sandbox);
        try {
            CompletableFuture<ActionResult> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return run(shell, "spawn-followers " + marker, 1);
                } catch (DriverException e) {
                    throw new IllegalStateException(e);
                }
            });
            int most = 0;
            while (!running.isDone()) {
                most = Math.max(
                        most, RunningProcesses.withMarker(marker, "tail").size());
                Thread.sleep(20);
            }
            ActionResult result = running.get();

            assertEquals(4, most, "the four followers ran together");
            assertEquals(true, result.data().get("timed_out"), result.toString());
            List<Long> survivors = RunningProcesses.awaitNoneWithMarker(marker, 2_000);
            if (sandbox.containsEveryProcess()) {
                assertEquals(List.of(), survivors, sandbox + " leaves nothing");
            } else {
                assertEquals(1, survivors.size(), sandbox + ": only the daemon in its own session escapes");
            }
        } finally {
            RunningProcesses.killAll(marker);
        }
    }

    @Test
    void commandsDieWithTheAgentEvenWhenItIsKilled(@TempDir Path tmp) throws Exception {
        String marker = "zero-" + UUID.randomUUID();
        Files.createSymbolicLink(root.resolve(marker), Path.of("/dev/zero"));
        script("leave-daemon", "( setsid md5sum \"$1\" & )", "md5sum \"$1\"");
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
                        marker)
                .redirectErrorStream(true)
                .redirectOutput(bin.resolve("agent.log").toFile())
                .start();
        try {
            long deadline = System.currentTimeMillis() + 30_000;
            while (RunningProcesses.withMarker(marker, "md5sum").size() < 3 && System.currentTimeMillis() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(
                    3,
                    RunningProcesses.withMarker(marker, "md5sum").size(),
                    () -> "md5sum running: the command, the script's and its daemon; agent log: " + log());

            agent.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
            assertTrue(agent.waitFor(10, TimeUnit.SECONDS));

            List<Long> survivors = RunningProcesses.awaitNoneWithMarker(marker, 3_000);
            if (strongSandboxPossible()) {
                assertEquals(List.of(), survivors, "nothing outlives the agent");
            } else {
                assertEquals(1, survivors.size(), "without namespaces, only the daemon in its own session outlives it");
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
