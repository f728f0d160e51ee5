package dev.agentfsm.runtime;

/**
 * Cancels a running {@link Round} or {@link Session} from another thread. The round checks it before
 * each step and ends as {@link Outcome#CANCELLED}; interrupting the round's thread has the same effect.
 */
public final class CancellationToken {
    private volatile boolean cancelled;

    /** Asks the rounds watching this token to stop at their next step. */
    public void cancel() {
        cancelled = true;
    }

    /** Whether {@link #cancel()} was called. */
    public boolean isCancelled() {
        return cancelled;
    }
}
