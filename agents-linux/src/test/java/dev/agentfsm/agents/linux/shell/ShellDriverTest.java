package dev.agentfsm.agents.linux.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs real commands on this machine's programs, in a temporary root. */
class ShellDriverTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path root;

    private ShellDriver driver;

    @BeforeEach
    void createFiles() throws IOException {
        CommandDirectories.readable(root);
        Files.writeString(root.resolve("notes.txt"), "alpha\nbeta\ngamma\n");
        Files.createDirectory(root.resolve("sub"));
        Files.writeString(root.resolve("sub/inner.txt"), "inside\n");
        driver = ShellDriver.of(ShellConfig.of(root));
    }

    private ActionResult run(String command) throws DriverException {
        return driver.execute(new Action("execute_command", Map.of("command", command)), TIMEOUT);
    }

    private ActionResult run(ShellDriver shell, Map<String, Object> arguments) throws DriverException {
        return shell.execute(new Action("execute_command", arguments), TIMEOUT);
    }

    /**
     * {@code config} searching only {@code bin}, where each allowed command is a script that appends
     * its name and arguments to {@code log} and then runs the real program: any program a command
     * starts leaves a line, whatever it does or does not touch. The log's directory is open to every
     * user, since commands may run as another user.
     */
    private static ShellConfig logged(ShellConfig config, Path bin, Path log) throws IOException {
        ShellDriver real = ShellDriver.of(config);
        CommandDirectories.readable(bin);
        Files.setPosixFilePermissions(log.getParent(), PosixFilePermissions.fromString("rwxrwxrwx"));
        for (String name : config.allowedCommands()) {
            String program = real.findProgram(name)
                    .map(path -> "exec '" + path + "' \"$@\"")
                    .orElse("exit 127");
            Path script = Files.writeString(
                    bin.resolve(name), "#!/bin/sh\necho \"" + name + " $*\" >> '" + log + "'\n" + program + "\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return config.withSearchPath(List.of(bin));
    }

    @Test
    void runsAnAllowedCommandInTheRoot() throws Exception {
        ActionResult result = run("grep -n beta notes.txt");
        assertTrue(result.success(), result.toString());
        assertEquals(0, result.data().get("exit_code"));
        assertEquals("2:beta\n", result.data().get("stdout"));
        assertEquals("", result.data().get("stderr"));
        assertEquals("exit code: 0\nstdout:\n2:beta\n", result.output());
        assertEquals(root.toRealPath().toString(), result.data().get("cwd"));
    }

    @Test
    void capturesStderrSeparatelyAndReportsTheExitCode() throws Exception {
        ActionResult result = run("ls no-such-file");
        assertFalse(result.success());
        assertEquals("exit code 2", result.reason().orElseThrow());
        assertEquals("", result.data().get("stdout"));
        assertTrue(
                ((String) result.data().get("stderr")).contains("no-such-file"),
                result.data().toString());
        assertTrue(result.output().contains("\nstderr:\n"), result.output());
    }

    @Test
    void runsInASubdirectoryOfTheRoot() throws Exception {
        ActionResult result = run(driver, Map.of("command", "pwd", "cwd", "sub"));
        assertEquals(root.toRealPath().resolve("sub") + "\n", result.data().get("stdout"));
        assertEquals(
                root.toRealPath().resolve("sub") + "\n",
                run(driver, Map.of("command", "pwd", "cwd", root.resolve("sub").toString()))
                        .data()
                        .get("stdout"));
    }

    @Test
    void stdinIsClosed() throws Exception {
        // were stdin open, cat would wait for it until its own time-out, 20 s: long enough that a loaded machine
        // still starts and ends it well before, and under the driver's TIMEOUT so that it is the one that fires
        ActionResult result = run(driver, Map.of("command", "cat", "timeout", 20));
        assertTrue(result.success(), result.toString());
        assertEquals(false, result.data().get("timed_out"));
        assertEquals("", result.data().get("stdout"));
    }

    @Test
    void environmentIsMinimalWithATemporaryDirectoryOfItsOwn() throws Exception {
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root).withUnsafeAllowed("env"));
        ActionResult result = run(shell, Map.of("command", "env"));
        Map<String, String> env = new HashMap<>();
        for (String line : ((String) result.data().get("stdout")).split("\n")) {
            env.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
        }
        assertTrue(env.containsKey("TMPDIR"), env.toString());
        Path tmp = Path.of(env.remove("TMPDIR"));
        assertEquals(
                Map.of(
                        "PATH",
                        "/usr/bin:/bin",
                        "LANG",
                        "C.UTF-8",
                        "HOME",
                        root.toRealPath().toString()),
                env);
        assertTrue(tmp.getFileName().toString().startsWith("agentfsm-cmd-"), tmp.toString());
        assertEquals(Path.of(System.getProperty("java.io.tmpdir")), tmp.getParent());
        assertFalse(Files.exists(tmp), "the command's temporary directory is deleted after it");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ls; rm -rf victim",
                "ls $(rm -rf victim)",
                "ls `rm -rf victim`",
                "echo gone > victim",
                "cat < victim",
                "find . -delete",
                "find . -exec rm -rf {} +",
                "python -c 'open(\"victim\",\"w\")'",
                "python3 -c 'import shutil'",
                "ls ${IFS}",
                "ls && rm victim",
                "ls | rm victim",
                "ls\nrm victim"
            })
    void refusedCommandsNeverRun(String command, @TempDir Path bin, @TempDir Path logs) throws Exception {
        Path victim = root.resolve("victim");
        Files.writeString(victim, "must survive");
        // touch and rm are allowed here, so only the policy stands between the command and the file;
        // every allowed program logs that it started, so a refused command that ran anything is seen
        Path ran = logs.resolve("ran.log");
        ShellDriver shell = ShellDriver.of(logged(ShellConfig.of(root).withUnsafeAllowed("rm", "touch"), bin, ran));
        ActionResult result = run(shell, Map.of("command", command));
        assertFalse(result.success());
        String reason = result.reason().orElseThrow();
        assertTrue(reason.startsWith("not allowed: "), reason);
        assertTrue(reason.contains("; allowed: basename, cal, cat, "), reason);
        assertEquals(true, result.data().get("refused"));
        assertFalse(result.data().containsKey("exit_code"), "a refused command has no exit code");
        assertEquals("must survive", Files.readString(victim));
        assertEquals(Set.of("notes.txt", "sub", "victim"), Set.of(root.toFile().list()));
        assertFalse(
                Files.exists(ran), () -> "a program started: " + ran.toFile().length() + " bytes in " + ran);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sort -o out notes.txt",
                "sort -ruo out notes.txt",
                "sort notes.txt --out=out",
                "uniq notes.txt out",
                "uniq -c notes.txt out",
                "file -C -m notes.txt",
                "sort -S 1 --compress-program=touch notes.txt"
            })
    void allowedCommandsMayNotWriteFiles(String command, @TempDir Path bin, @TempDir Path logs) throws Exception {
        Path ran = logs.resolve("ran.log");
        ActionResult result = run(ShellDriver.of(logged(ShellConfig.of(root), bin, ran)), Map.of("command", command));
        assertFalse(result.success(), result.toString());
        assertEquals(true, result.data().get("refused"), result.toString());
        assertTrue(result.reason().orElseThrow().contains(" is blocked: "), result.toString());
        assertEquals(Set.of("notes.txt", "sub"), Set.of(root.toFile().list()), "nothing was written");
        assertFalse(Files.exists(ran), "nothing started");
    }

    /**
     * Issue 29: {@code shuf}, {@code iconv}, {@code sdiff} and {@code xxd}, added with {@code allow}, each
     * wrote a file outside the root through an option or operand; their writing arguments are refused as
     * {@code sort -o} is, and the directory outside stays empty.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "shuf -o OUT/shuffled notes.txt",
                "shuf notes.txt --out=OUT/shuffled",
                "shuf -ro OUT/shuffled -n 2 notes.txt",
                "iconv -f UTF-8 -t UTF-8 -o OUT/converted notes.txt",
                "iconv --output OUT/converted notes.txt",
                "sdiff -o OUT/merged notes.txt notes.txt",
                "sdiff --out=OUT/merged notes.txt notes.txt",
                "sdiff --diff-program=touch notes.txt notes.txt",
                "xxd -r -p hex.txt OUT/reverted",
                "xxd notes.txt OUT/dumped",
                "xxd -c16 notes.txt OUT/dumped",
                "xxd -cols 16 notes.txt OUT/dumped"
            })
    void addedCommandsMayNotWriteFilesEither(String command) throws Exception {
        Files.writeString(root.resolve("hex.txt"), "616c7068610a\n");
        Path outside = Files.createTempDirectory("outside");
        try {
            ShellDriver shell = ShellDriver.of(ShellConfig.of(root).withAllowed("shuf", "iconv", "sdiff", "xxd"));
            CommandDirectories.writable(outside, shell);

            ActionResult result = run(shell, Map.of("command", command.replace("OUT", outside.toString())));

            assertEquals(true, result.data().get("refused"), result.toString());
            assertTrue(result.reason().orElseThrow().contains(" is blocked: "), result.toString());
            assertEquals(List.of(), List.of(outside.toFile().list()), "nothing was written outside the root");
        } finally {
            Confinement.delete(outside);
        }
    }

    @Test
    void addedWritersStillReadAndPrint() throws Exception {
        Files.writeString(root.resolve("hex.txt"), "616c7068610a\n");
        ShellDriver shell = ShellDriver.of(ShellConfig.of(root).withAllowed("shuf", "iconv", "sdiff", "xxd"));
        assertEquals(
                "alpha\nbeta\ngamma\n",
                run(shell, Map.of("command", "iconv -f UTF-8 -t ASCII notes.txt"))
                        .data()
                        .get("stdout"));
        assertEquals(
                3,
                ((String) run(shell, Map.of("command", "shuf notes.txt")).data().get("stdout"))
                        .lines()
                        .count());
        assertEquals(
                "alpha\n",
                run(shell, Map.of("command", "xxd -r -p hex.txt")).data().get("stdout"));
        assertEquals(
                "00000000: 616c 7068 610a                           alpha.\n",
                run(shell, Map.of("command", "xxd -l 6 -c 16 notes.txt")).data().get("stdout"));
        assertTrue(run(shell, Map.of("command", "sdiff notes.txt notes.txt")).success());
    }

    @Test
    void theSameCommandsStillReadAndPrint() throws Exception {
        assertEquals("gamma\nbeta\nalpha\n", run("sort -r notes.txt").data().get("stdout"));
        assertEquals(
                "      1 alpha\n      1 beta\n      1 gamma\n",
                run("uniq -c notes.txt").data().get("stdout"));
        assertTrue(((String) run("file notes.txt").data().get("stdout")).startsWith("notes.txt: "));
        assertEquals(Set.of("notes.txt", "sub"), Set.of(root.toFile().list()));
    }

    @Test
    void nothingIsExpandedAndRelativeProgramPathsAreRefused() throws Exception {
        assertEquals("$HOME ~ *\n", run("echo $HOME ~ *").data().get("stdout"));
        ActionResult star = run("ls *");
        assertEquals("", star.data().get("stdout"), "no glob: ls looks for a file named *");
        assertTrue(((String) star.data().get("stderr")).contains("'*'"), star.toString());
        ActionResult dotSlash = run("./ls -d sub");
        assertTrue(
                dotSlash.reason().orElseThrow().startsWith("not allowed: './ls' is not /usr/bin/ls;"),
                dotSlash.toString());
    }

    @Test
    void withRmAllowedAPlainRmDoesDeleteSoTheRefusalsAboveAreWhatProtectTheFile(@TempDir Path bin, @TempDir Path logs)
            throws Exception {
        Path victim = Files.writeString(root.resolve("victim"), "will go");
        Path ran = logs.resolve("ran.log");
        ShellDriver shell = ShellDriver.of(logged(ShellConfig.of(root).withUnsafeAllowed("rm", "touch"), bin, ran));
        CommandDirectories.writable(root, shell);
        assertTrue(run(shell, Map.of("command", "rm victim")).success());
        assertFalse(Files.exists(victim));
        assertEquals(List.of("rm victim"), Files.readAllLines(ran), "the log sees what runs");
    }

    @Test
    void workingDirectoryOutsideTheRootIsRefused() throws Exception {
        Path outside = Files.createTempDirectory("outside");
        Files.createSymbolicLink(root.resolve("escape"), outside);
        try {
            for (String cwd : List.of("/etc", "..", "sub/../..", "escape", "missing", "notes.txt")) {
                ActionResult result = run(driver, Map.of("command", "pwd", "cwd", cwd));
                assertEquals(
                        "not allowed: working directory '" + cwd + "' is not a directory inside " + root,
                        result.reason().orElseThrow().replaceFirst("; allowed: .*", ""),
                        cwd);
                assertEquals(true, result.data().get("refused"));
            }
        } finally {
            Files.delete(root.resolve("escape"));
            Files.delete(outside);
        }
    }

    @Test
    void programsComeOnlyFromTheSearchPath() throws Exception {
        Path bin = Files.createDirectory(root.resolve("bin"));
        Path fakeLs = bin.resolve("ls");
        Files.writeString(fakeLs, "#!/bin/sh\necho fake\n");
        Files.setPosixFilePermissions(fakeLs, PosixFilePermissions.fromString("rwxr-xr-x"));
        ActionResult viaPath = run(fakeLs + " -d .");
        assertTrue(
                viaPath.reason().orElseThrow().startsWith("not allowed: '" + fakeLs + "' is not /usr/bin/ls;"),
                viaPath.toString());
        ActionResult byName = run("ls -d .");
        assertEquals(".\n", byName.data().get("stdout"));
        assertEquals("/usr/bin/ls", ((List<?>) byName.data().get("argv")).get(0));

        ShellDriver notOnPath = ShellDriver.of(ShellConfig.of(root).withAllowed("my-tool"));
        assertEquals(
                "'my-tool' is allowed but not installed in /usr/bin:/bin",
                run(notOnPath, Map.of("command", "my-tool")).reason().orElseThrow());
    }

    @Test
    void outputIsCappedPerStreamAndTheCutIsMarked() throws Exception {
        Files.writeString(root.resolve("big.txt"), "x".repeat(200_000));
        ActionResult result = run("cat big.txt");
        assertTrue(result.success());
        String stdout = (String) result.data().get("stdout");
        assertEquals("x".repeat(65_536) + "\n[output truncated: 65536 of 200000 bytes shown]", stdout);
        assertEquals(true, result.data().get("stdout_truncated"));
        assertEquals(false, result.data().get("stderr_truncated"));

        ShellDriver small = ShellDriver.of(ShellConfig.of(root).withOutputCap(10));
        ActionResult both = run(small, Map.of("command", "cat notes.txt big.txt missing"));
        assertEquals(
                "alpha\nbeta\n[output truncated: 10 of 200017 bytes shown]",
                both.data().get("stdout"));
        assertTrue(
                ((String) both.data().get("stderr")).startsWith("/usr/bin/c\n[output truncated: 10 of "),
                both.data().toString());
    }

    @Test
    void multiByteCharactersAreNotCutInTwo() {
        byte[] euro = "ab\u20ac".getBytes(StandardCharsets.UTF_8); // 2 + 3 bytes
        assertEquals(5, CappedReader.completeCharacters(euro));
        assertEquals(2, CappedReader.completeCharacters(java.util.Arrays.copyOf(euro, 4)));
        assertEquals(2, CappedReader.completeCharacters(java.util.Arrays.copyOf(euro, 3)));
        assertEquals(2, CappedReader.completeCharacters(java.util.Arrays.copyOf(euro, 2)));
    }

    @Test
    void timeOutKillsTheWholeProcessTree(@TempDir Path bin) throws Exception {
        // four waiting descendants: two children, a grandchild, and an orphan whose parent has exited;
        // each follows a file named after this test run, so /proc tells which ones are still running
        String marker = "tree-" + java.util.UUID.randomUUID();
        Files.writeString(root.resolve(marker), "");
        Path script = CommandDirectories.readable(bin).resolve("spawn-followers");
        Files.writeString(
                script,
                String.join(
                        "\n",
                        "#!/bin/sh",
                        "tail -f \"$1\" &",
                        "tail -f \"$1\" &",
                        "( tail -f \"$1\" & wait ) &",
                        "( tail -f \"$1\" & )",
                        "wait",
                        ""));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProvokedTimeOuts timeOuts = new ProvokedTimeOuts();
        ShellDriver shell = ShellDriver.of(
                ShellConfig.of(root).withSearchDirectory(bin).withAllowed("spawn-followers"),
                Confinement.strongest(SystemTools.find()),
                timeOuts);
        Map<String, Object> arguments = new HashMap<>(Map.of("command", "spawn-followers " + marker, "timeout", "0.2"));
        try {
            java.util.concurrent.CompletableFuture<ActionResult> running =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try {
                            return run(shell, arguments);
                        } catch (DriverException e) {
                            throw new IllegalStateException(e);
                        }
                    });
            // the time-out is provoked once the four run, however long the machine takes to start them
            List<Long> followers = RunningProcesses.awaitRunning(marker, "tail", 4);
            assertEquals(4, followers.size(), "the four followers ran together: " + followers);
            timeOuts.provoke();
            ActionResult result = running.get();

            assertEquals(List.of(Duration.ofSeconds(1)), timeOuts.asked(), "0.2 s is clamped to 1 s");
            assertFalse(result.success());
            assertEquals("timed out after 1 s", result.reason().orElseThrow());
            assertEquals(true, result.data().get("timed_out"));
            assertTrue(result.output()
                    .startsWith("timed out after 1 s; the command and every process it started were killed"));
            assertEquals(List.of(), RunningProcesses.awaitEnded(followers), "survivors");
        } finally {
            RunningProcesses.killAll(marker);
        }
    }

    @Test
    void timeOutsAreClampedToOneToOneHundredTwentySeconds() {
        assertEquals(Duration.ofSeconds(1), ShellDriver.clamp(Duration.ZERO));
        assertEquals(Duration.ofSeconds(1), ShellDriver.clamp(Duration.ofSeconds(-5)));
        assertEquals(Duration.ofSeconds(42), ShellDriver.clamp(Duration.ofSeconds(42)));
        assertEquals(Duration.ofSeconds(120), ShellDriver.clamp(Duration.ofHours(1)));
    }

    @Test
    void aTimeOutThatIsNotANumberIsRefusedAndHugeOnesAreClamped() throws Exception {
        for (Object timeout : List.of("NaN", Double.NaN, "-NaN")) {
            ActionResult result = run(driver, Map.of("command", "pwd", "timeout", timeout));
            assertEquals(
                    "timeout must be a number of seconds, got '" + timeout + "'",
                    result.reason().orElseThrow());
            assertFalse(result.data().containsKey("exit_code"), "nothing ran");
        }
        for (Object timeout : List.of("1e300", 1e300, "Infinity", Long.MAX_VALUE)) {
            ActionResult result = run(driver, Map.of("command", "pwd", "timeout", timeout));
            assertTrue(result.success(), timeout + ": " + result);
        }
    }

    @Test
    void aCommandLineTooLongForTheKernelIsAResultNotACrash() throws Exception {
        ActionResult result = run("echo " + "x".repeat(200_000));
        assertFalse(result.success());
        assertTrue(result.reason().orElseThrow().startsWith("could not start '/usr/bin/echo': "), result.toString());
    }

    @Test
    void badArgumentsAndUnknownToolsAreResultsForTheLlm() throws Exception {
        assertEquals(
                "timeout must be a number of seconds, got 'soon'",
                run(driver, Map.of("command", "ls", "timeout", "soon")).reason().orElseThrow());
        assertEquals(
                "execute_command needs a 'command' string, got null",
                run(driver, Map.of()).reason().orElseThrow());
        assertEquals(
                "unknown argument 'api_key' of execute_command; its arguments are command, timeout, cwd",
                run(driver, Map.of("command", "ls", "api_key", "x")).reason().orElseThrow());
        assertEquals(
                "unknown tool 'rm_rf'; the tools are execute_command(command, timeout, cwd) and get_system_info()",
                driver.execute(new Action("rm_rf", Map.of()), TIMEOUT).reason().orElseThrow());
    }

    @Test
    void systemInfoRunsItsFixedCommands() throws Exception {
        ActionResult result = driver.execute(new Action("get_system_info", Map.of()), TIMEOUT);
        assertTrue(result.success());
        assertTrue(result.output().startsWith("$ uname -a\nLinux "), result.output());
        assertTrue(result.output().contains("\n$ df -h\n"), result.output());
        assertEquals(
                List.of("execute_command", "get_system_info"),
                driver.tools().stream().map(t -> t.name()).toList());
    }

    @Test
    void rootMustBeADirectory() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ShellDriver.of(ShellConfig.of(root.resolve("nope"))));
        assertEquals(
                "the shell's root '" + root.resolve("nope") + "' is not a directory; create it or name another one",
                e.getMessage());
    }
}
