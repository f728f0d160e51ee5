package dev.agentfsm.agents.mobile;

import dev.agentfsm.mcp.ProcessTree;
import dev.agentfsm.runtime.device.DriverException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one command (no shell) with a time-out. Output goes to temporary files rather than pipes, so a
 * child that leaves grandchildren behind cannot keep a reader blocked; on time-out the whole process
 * tree is killed and the call fails, so nothing hangs.
 */
final class ProcessRunner {

    /**
     * What a finished command did.
     *
     * @param exitCode the exit code
     * @param stdout everything it printed on standard output
     * @param stderr everything it printed on standard error, as UTF-8 text
     */
    // a screenshot of a few hundred KiB passes to its reader without a copy; nothing compares results
    @SuppressWarnings("ArrayRecordComponent")
    record Result(int exitCode, byte[] stdout, String stderr) {
        String stdoutText() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    private final Map<String, String> environment;

    /** @param environment the complete environment the commands run with */
    ProcessRunner(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /**
     * Runs {@code argv} and waits at most {@code timeout}.
     *
     * @throws DriverException when it cannot start, does not finish in time (it is killed, with its
     *     children), or the waiting thread is interrupted (likewise)
     */
    Result run(List<String> argv, Duration timeout) throws DriverException {
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile("agentfsm-adb-", ".out");
            err = Files.createTempFile("agentfsm-adb-", ".err");
            ProcessBuilder builder = new ProcessBuilder(argv)
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            builder.environment().clear();
            builder.environment().putAll(environment);
            Process process = start(builder, argv);
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    int killed = killTree(process);
                    throw new DriverException("`" + String.join(" ", argv) + "` did not finish within "
                            + timeout.toMillis() + " ms; killed it"
                            + (killed > 0 ? " and " + killed + " child process(es)" : "")
                            + ". The device may be hung or disconnected: check it with `adb devices`");
                }
            } catch (InterruptedException e) {
                killTree(process);
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while running `" + String.join(" ", argv) + "`; killed it", e);
            }
            return new Result(
                    process.exitValue(),
                    Files.readAllBytes(out),
                    new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new DriverException("could not run `" + String.join(" ", argv) + "`: " + e.getMessage(), e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    private static Process start(ProcessBuilder builder, List<String> argv) throws DriverException {
        try {
            return builder.start();
        } catch (IOException e) {
            throw new DriverException(
                    "could not start `" + argv.get(0) + "`: " + e.getMessage()
                            + ". Check that it exists and is executable",
                    e);
        }
    }

    /** Kills the process and everything it started, and waits (boundedly) for it; returns how many children it had. */
    private static int killTree(Process process) {
        try {
            int children = ProcessTree.kill(process.toHandle());
            // a kill is asynchronous: wait until it is gone, so a caller sees no survivors
            process.waitFor(5, TimeUnit.SECONDS);
            return children;
        } catch (InterruptedException e) {
            // the tree has been sent SIGKILL; the caller reports the time-out or the interrupt
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // the command's result is already read; a file that cannot go now goes when the JVM exits
            file.toFile().deleteOnExit();
        }
    }
}
