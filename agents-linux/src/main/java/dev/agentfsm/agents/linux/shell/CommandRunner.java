package dev.agentfsm.agents.linux.shell;

import dev.agentfsm.runtime.device.ProcessTree;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one program directly (no shell) with a minimal environment, stdin closed, stdout and stderr
 * captured separately and capped, and a time-out after which the program and every process it
 * started are killed.
 */
final class CommandRunner {
    /** How long the output readers may take after the process ended, for output still in the pipes. */
    private static final long DRAIN_MILLIS = 2_000;

    private final int outputCap;

    CommandRunner(int outputCap) {
        this.outputCap = outputCap;
    }

    /**
     * Runs {@code argv} (its first word an absolute path to the program) in {@code cwd}.
     *
     * @throws IOException if the program cannot be started
     */
    CommandOutput run(List<String> argv, Path cwd, Map<String, String> environment, Duration timeout)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(argv).directory(cwd.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        long start = System.nanoTime();
        Process process = builder.start();
        process.getOutputStream().close(); // stdin: the command reads end-of-file at once
        CappedReader stdout = CappedReader.start(process.getInputStream(), outputCap, "stdout of " + argv.get(0));
        CappedReader stderr = CappedReader.start(process.getErrorStream(), outputCap, "stderr of " + argv.get(0));
        boolean timedOut = false;
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                timedOut = true;
                ProcessTree.kill(process.toHandle());
                process.waitFor();
            }
        } catch (InterruptedException e) {
            ProcessTree.kill(process.toHandle());
            throw e;
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        return new CommandOutput(argv, process.exitValue(), stdout.finish(DRAIN_MILLIS), stderr.finish(DRAIN_MILLIS),
                timedOut, elapsed);
    }
}
