package dev.agentfsm.agents.linux.shell;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Time-outs that happen when a test says so ({@link #provoke()}), not when a clock says so: the test
 * first waits for the command to reach the state it wants to see stopped (its children running, its
 * signal handler set), then provokes the time-out. Never provoked, a command runs until it ends by itself.
 */
final class ProvokedTimeOuts implements CommandRunner.TimeOuts {
    private final CompletableFuture<Void> provoked = new CompletableFuture<>();
    private final List<Duration> asked = new CopyOnWriteArrayList<>();

    @Override
    public CompletableFuture<?> start(Duration timeout) {
        asked.add(timeout);
        return provoked.copy(); // the runner cancels its copy when the command ends
    }

    /** Every command started so far, and every one started from now on, runs out of time. */
    void provoke() {
        provoked.complete(null);
    }

    /** The time-outs the commands were started with, in order. */
    List<Duration> asked() {
        return List.copyOf(asked);
    }
}
