package dev.agentfsm.temporal;

import java.time.Duration;
import java.util.function.Predicate;

/** Waiting in a test for a session, which runs on Temporal's threads, to get somewhere. */
final class SessionViews {
    /** Long enough for a loaded two-core machine; only a failing test waits this long. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private SessionViews() {}

    /** Polls the session's view until {@code condition} holds; fails, showing the last view, after a minute
     * (a guard against a hang: the view gets there in well under a second). */
    static SessionView until(SessionHandle session, Predicate<SessionView> condition) throws InterruptedException {
        long end = System.nanoTime() + PATIENCE.toNanos();
        SessionView view = session.view();
        while (!condition.test(view)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the session never got there; it is at " + view);
            }
            Thread.sleep(20);
            view = session.view();
        }
        return view;
    }
}
