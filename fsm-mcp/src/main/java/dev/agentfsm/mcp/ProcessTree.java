package dev.agentfsm.mcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Kills a process and everything it started, for drivers that run programs (a shell command, {@code adb})
 * and must leave nothing behind when one hangs past its time-out.
 *
 * <p>Descendants are killed first, while the root is still alive: once the root is gone, its children
 * are re-parented and can no longer be found from it. The descendants are listed again until none is
 * running, so children forked during the kill are caught as long as their parent was still alive when
 * the list was taken.
 *
 * <p>{@link #end} asks first: every process gets {@code SIGTERM} and a grace period to tidy up (a
 * daemon removes its socket and pid file) before the forcible kill takes what is left.
 */
public final class ProcessTree {
    private static final int MAX_PASSES = 20;
    private static final long PASS_WAIT_MILLIS = 250;
    private static final long GRACE_POLL_MILLIS = 20;

    private ProcessTree() {}

    /**
     * Forcibly kills {@code root}'s descendants, then {@code root} (also when the wait is interrupted).
     *
     * @return how many descendants were killed
     * @throws InterruptedException if the thread was interrupted while waiting for the descendants to exit
     */
    public static int kill(ProcessHandle root) throws InterruptedException {
        return kill(root, Stream::empty);
    }

    /**
     * Forcibly kills {@code root}'s descendants and the processes {@code more} finds (looked for again at
     * each pass, like the descendants: for processes that left the tree, such as a daemon found by a mark
     * in its environment), then {@code root} (also when the wait is interrupted).
     *
     * @return how many processes other than {@code root} were killed
     * @throws InterruptedException if the thread was interrupted while waiting for them to exit
     */
    public static int kill(ProcessHandle root, Supplier<Stream<ProcessHandle>> more) throws InterruptedException {
        Set<Long> killed = new HashSet<>();
        try {
            for (int pass = 0; pass < MAX_PASSES; pass++) {
                Map<Long, ProcessHandle> alive = new LinkedHashMap<>();
                Stream.concat(root.descendants(), more.get())
                        .filter(process -> process.pid() != root.pid() && running(process))
                        .forEach(process -> alive.putIfAbsent(process.pid(), process));
                if (alive.isEmpty()) {
                    break;
                }
                alive.values().forEach(ProcessHandle::destroyForcibly);
                killed.addAll(alive.keySet());
                awaitExit(List.copyOf(alive.values()));
            }
        } finally {
            root.destroyForcibly();
        }
        return killed.size();
    }

    /**
     * Asks {@code root}, its descendants and the processes {@code more} finds to stop ({@code SIGTERM}),
     * waits up to {@code grace} for them to exit, then {@linkplain #kill(ProcessHandle, Supplier) kills}
     * whatever still runs, including the descendants the first look found that have left the tree since.
     *
     * @throws InterruptedException if the thread was interrupted while waiting; what still runs is
     *     killed all the same
     */
    public static void end(ProcessHandle root, Supplier<Stream<ProcessHandle>> more, Duration grace)
            throws InterruptedException {
        List<ProcessHandle> asked = Stream.concat(root.descendants(), more.get())
                .filter(process -> process.pid() != root.pid() && running(process))
                .toList();
        try {
            asked.forEach(ProcessHandle::destroy);
            root.destroy();
            long deadline = System.nanoTime() + grace.toNanos();
            while (System.nanoTime() - deadline < 0
                    && (running(root) || asked.stream().anyMatch(ProcessTree::running))) {
                Thread.sleep(GRACE_POLL_MILLIS);
            }
        } finally {
            kill(root, () -> Stream.concat(more.get(), asked.stream()));
        }
    }

    /**
     * Whether a process still runs. A killed process stays a zombie until its parent reaps it, and
     * {@link ProcessHandle#isAlive()} counts zombies as alive; on Linux, {@code /proc} tells them apart.
     */
    public static boolean running(ProcessHandle process) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException | RuntimeException e) {
            return process.isAlive(); // no /proc (not Linux), or the process is already gone
        }
    }

    private static void awaitExit(List<ProcessHandle> processes) throws InterruptedException {
        CompletableFuture<?>[] exits =
                processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(exits).get(PASS_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // a zombie not yet reaped by its parent, or a slow exit: the next pass looks again
        }
    }
}
