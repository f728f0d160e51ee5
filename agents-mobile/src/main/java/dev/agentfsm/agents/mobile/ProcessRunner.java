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
 * tree is killed and the call fails, so nothing hangs. The files are watched while the command runs: one
 * that prints more than {@link #MAX_OUTPUT_BYTES} (a device or an {@code adb} gone wrong, streaming without
 * end) is killed the same way and the call fails, before it fills the disk or the heap.
 */
final class ProcessRunner {
    /**
     * The most a command may print, stdout and stderr together: far more than the largest answer read
     * ({@code uiautomator dump}, a few hundred KiB; screenshots are pulled to a file of their own).
     */
    static final long MAX_OUTPUT_BYTES = 64L * 1024 * 1024;

    /** How often the size of the output is looked at while the command runs. */
    private static final long WATCH_MILLIS = 100;

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
                long deadline = System.nanoTime() + timeout.toNanos();
                boolean tooMuch = false;
                while (!process.waitFor(
                        Math.min(WATCH_MILLIS, Math.max(0, deadline - System.nanoTime()) / 1_000_000),
                        TimeUnit.MILLISECONDS)) {
                    tooMuch = printed(out, err) > MAX_OUTPUT_BYTES;
                    if (tooMuch || deadline - System.nanoTime() <= 0) {
                        break;
                    }
                }
                if (tooMuch || process.isAlive()) {
                    int killed = killTree(process);
                    String what = killed > 0 ? "; killed it and " + killed + " child process(es)" : "; killed it";
                    if (tooMuch) {
                        throw tooMuch(argv, out, err, what);
                    }
                    throw new DriverException("`" + String.join(" ", argv) + "` did not finish within "
                            + timeout.toMillis() + " ms" + what
                            + ". The device may be hung or disconnected: check it with `adb devices`");
                }
            } catch (InterruptedException e) {
                killTree(process);
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while running `" + String.join(" ", argv) + "`; killed it", e);
            } catch (IOException e) {
                // unwatched, it could print without end: it must not outlive the call
                killTree(process);
                throw new DriverException(
                        "could not watch the output of `" + String.join(" ", argv) + "`: " + e
                                + "; killed it. Check that the temporary directory ("
                                + System.getProperty("java.io.tmpdir") + ") is not cleaned while commands run",
                        e);
            }
            if (printed(out, err) > MAX_OUTPUT_BYTES) {
                throw tooMuch(argv, out, err, "");
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

    /** How many bytes the command printed so far, on both streams. */
    private static long printed(Path out, Path err) throws IOException {
        return Files.size(out) + Files.size(err);
    }

    private static DriverException tooMuch(List<String> argv, Path out, Path err, String what) throws IOException {
        return new DriverException("`" + String.join(" ", argv) + "` printed more than " + MAX_OUTPUT_BYTES
                + " bytes (" + Files.size(out) + " on stdout, " + Files.size(err) + " on stderr), more than any"
                + " answer adb gives" + what + ". Check the device and the adb in use");
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
