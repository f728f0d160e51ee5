package dev.agentfsm.agents.linux.shell;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Kills a process and everything it started. Descendants are killed first, while the root is still
 * alive: once the root is gone, its children are re-parented and can no longer be found from it.
 * The descendants are listed again until none is alive, so children forked during the kill are
 * caught as long as their parent was still alive when the list was taken.
 */
final class ProcessTree {
    private static final int MAX_PASSES = 20;
    private static final long PASS_WAIT_MILLIS = 250;

    private ProcessTree() {}

    /** Forcibly kills {@code root}'s descendants, then {@code root}. */
    static void kill(ProcessHandle root) throws InterruptedException {
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            List<ProcessHandle> alive = root.descendants().filter(ProcessHandle::isAlive).toList();
            if (alive.isEmpty()) {
                break;
            }
            alive.forEach(ProcessHandle::destroyForcibly);
            awaitExit(alive);
        }
        root.destroyForcibly();
    }

    private static void awaitExit(List<ProcessHandle> processes) throws InterruptedException {
        CompletableFuture<?>[] exits = processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(exits).get(PASS_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // a zombie not yet reaped by its parent, or a slow exit: the next pass looks again
        }
    }
}
