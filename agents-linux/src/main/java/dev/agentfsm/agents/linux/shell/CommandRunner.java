package dev.agentfsm.agents.linux.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one program directly (no shell) in its {@link Confinement}: a minimal environment with a
 * {@code TMPDIR} of its own, stdin closed, stdout and stderr captured separately and capped, and a
 * time-out. A command that runs out of time, or whose temporary files grow past the limit, is asked to
 * stop (SIGTERM, so {@code sort} removes its temporary files), given a short grace period, then killed
 * with everything it started (SIGKILL). On every way out, whatever the command left running is killed
 * and its temporary directory deleted; if the agent itself is killed, the next driver deletes it
 * ({@link Confinement#deleteStaleOnce()}).
 */
final class CommandRunner {
    private static final Logger LOG = LoggerFactory.getLogger(CommandRunner.class);

    /**
     * When a command's time is up. The driver uses {@link #CLOCK}; a test provokes the time-out itself once
     * the command is where the test wants it, so that no assertion depends on how fast the machine is.
     */
    @FunctionalInterface
    interface TimeOuts {
        /** The wall clock: the future completes when {@code timeout} has passed. */
        TimeOuts CLOCK = timeout ->
                new CompletableFuture<Void>().completeOnTimeout(null, timeout.toNanos(), TimeUnit.NANOSECONDS);

        /** A future that completes when a command started now, given {@code timeout}, has run out of time. */
        CompletableFuture<?> start(Duration timeout);
    }

    /** How long the output readers may take after the process ended, for output still in the pipes. */
    private static final long DRAIN_MILLIS = 2_000;
    /** How long a command has between SIGTERM and SIGKILL. */
    static final Duration GRACE = Duration.ofSeconds(1);
    /** How often the size of the command's temporary directory is looked at. */
    private static final long WATCH_MILLIS = 100;

    private final int outputCap;
    private final Confinement confinement;
    private final ShellLimits limits;
    private final TimeOuts timeOuts;

    CommandRunner(int outputCap, Confinement confinement, ShellLimits limits, TimeOuts timeOuts) {
        this.outputCap = outputCap;
        this.confinement = confinement;
        this.limits = limits;
        this.timeOuts = timeOuts;
    }

    /**
     * Runs {@code argv} (its first word an absolute path to the program) in {@code cwd}.
     *
     * @throws IOException if the program cannot be started
     */
    CommandOutput run(List<String> argv, Path cwd, Map<String, String> environment, Duration timeout)
            throws IOException, InterruptedException {
        Path tmp = confinement.createTemporaryDirectory();
        try {
            Map<String, String> env = new HashMap<>(environment);
            env.put("TMPDIR", tmp.toString());
            return run(argv, cwd, env, timeout, tmp);
        } finally {
            try {
                Confinement.delete(tmp);
            } catch (IOException e) {
                LOG.warn("could not delete the temporary directory {} of '{}': {}", tmp, argv.get(0), e.toString());
            }
        }
    }

    private CommandOutput run(List<String> argv, Path cwd, Map<String, String> environment, Duration timeout, Path tmp)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(confinement.wrap(argv)).directory(cwd.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        long start = System.nanoTime();
        Process process = confinement.launch(builder);
        try {
            process.getOutputStream().close(); // stdin: the command reads end-of-file at once
            CappedReader stdout = CappedReader.start(process.getInputStream(), outputCap, "stdout of " + argv.get(0));
            CappedReader stderr = CappedReader.start(process.getErrorStream(), outputCap, "stderr of " + argv.get(0));
            Optional<CommandOutput.Stop> stop = await(process, timeout, tmp);
            if (stop.isPresent()) {
                confinement.terminate(process);
                process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
            confinement.kill(process); // what is left: the command, or processes it left behind
            process.waitFor();
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            return new CommandOutput(
                    argv, process.exitValue(), stdout.finish(DRAIN_MILLIS), stderr.finish(DRAIN_MILLIS), stop, elapsed);
        } catch (InterruptedException | RuntimeException e) {
            confinement.kill(process);
            throw e;
        }
    }

    /** Waits for the command to end; empty when it did, else why it must be stopped. */
    private Optional<CommandOutput.Stop> await(Process process, Duration timeout, Path tmp)
            throws InterruptedException, IOException {
        CompletableFuture<?> timeUp = timeOuts.start(timeout);
        CompletableFuture<Object> exitOrTimeUp = CompletableFuture.anyOf(process.onExit(), timeUp);
        try {
            while (true) {
                try {
                    exitOrTimeUp.get(WATCH_MILLIS, TimeUnit.MILLISECONDS);
                    return process.isAlive() ? Optional.of(CommandOutput.Stop.TIMED_OUT) : Optional.empty();
                } catch (TimeoutException e) {
                    if (Confinement.usedBytes(tmp, limits.tempSpaceBytes()) > limits.tempSpaceBytes()) {
                        return Optional.of(CommandOutput.Stop.TEMP_SPACE_FULL);
                    }
                } catch (ExecutionException e) {
                    throw new IllegalStateException(
                            "waiting for " + process.info().command().orElse("a command"), e);
                }
            }
        } finally {
            timeUp.cancel(false);
        }
    }
}
