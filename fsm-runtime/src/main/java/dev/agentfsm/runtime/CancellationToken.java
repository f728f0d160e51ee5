package dev.agentfsm.runtime;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Cancels a running {@link Round} or {@link Session} from another thread. The round checks it before
 * each step and ends as {@link Outcome#CANCELLED}; interrupting the round's thread has the same effect.
 */
public final class CancellationToken {
    private volatile boolean cancelled;
    /**
     * The inboxes waiting for an event under this token, woken by {@link #cancel()}, so that a wait never
     * has to look at the token again and again. Guarded by this token's lock; made by the first wait.
     */
    private Set<Inbox> waiting;

    /** Asks the rounds watching this token to stop at their next step; a state waiting for an event stops now. */
    public void cancel() {
        List<Inbox> woken;
        synchronized (this) {
            cancelled = true;
            woken = waiting == null ? List.of() : List.copyOf(waiting);
        }
        for (Inbox inbox : woken) {
            inbox.wake();
        }
    }

    /**
     * {@code inbox} waits under this token until {@link #stopWaiting}; returns whether the token was
     * cancelled already. Registering and cancelling share this token's lock, so a wait either sees the
     * cancellation here or is woken by it.
     */
    synchronized boolean startWaiting(Inbox inbox) {
        if (waiting == null) {
            waiting = new HashSet<>(2); // a set: one token may serve many sessions, each leaving in its own time
        }
        waiting.add(inbox);
        return cancelled;
    }

    /** {@code inbox} no longer waits under this token. */
    synchronized void stopWaiting(Inbox inbox) {
        waiting.remove(inbox);
    }

    /** Whether {@link #cancel()} was called. */
    public boolean isCancelled() {
        return cancelled;
    }
}
