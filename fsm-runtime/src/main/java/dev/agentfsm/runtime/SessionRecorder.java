package dev.agentfsm.runtime;

import dev.agentfsm.runtime.Inbox.StateTimeoutException;
import java.util.List;
import java.util.Optional;

/**
 * What records a session so that it can be resumed after its process died: the SPI a session journal
 * implements (fsm-journal's {@code Journal} is the one the project ships). A session given one
 * ({@link Session.Builder#recorder}, or {@link Session#resume}) tells it the requests it runs, puts
 * its {@link #steps() step interceptor} outermost in every round, asks it between steps how a
 * replayed round ended ({@link RoundHooks}), and lets it record what the session's {@link Inbox}
 * takes. Public because another module implements it; users only hand one to a session.
 */
public interface SessionRecorder {
    /**
     * A new session {@code session} of {@code machine} with {@code config} starts recording here.
     *
     * @throws RuntimeException (the recorder's own) if it cannot record a new session
     */
    void start(StateManager<?, ?> machine, RuntimeConfig config, String session);

    /**
     * A session of {@code machine} with {@code config} resumes what this recorder holds.
     *
     * @return the recorded session's id and the requests it was given, in order
     * @throws RuntimeException (the recorder's own) if it holds another machine's or settings' session
     */
    Recorded resume(StateManager<?, ?> machine, RuntimeConfig config);

    /** The session was given {@code requests} to run. */
    void requests(List<String> requests);

    /**
     * The interceptor that records each step (and replays recorded ones); the session puts it first in
     * every round's chain. While it runs a recorded step, {@link RoundHooks#stepReplayed()} is true.
     */
    StepInterceptor steps();

    /** How a replayed round ended, and where each round's end goes. */
    RoundHooks rounds();

    /**
     * An event for the running state: the recorded one in a replayed step, else {@code live.await()},
     * recorded (a time-out too).
     */
    Event await(LiveInbox live) throws InterruptedException;

    /** An event if one is there: the recorded answer in a replayed step, else {@code live.poll()}, recorded. */
    Optional<Event> poll(LiveInbox live);

    /** Whether the running state's time-out ran out: as recorded in a replayed step, {@code live} otherwise. */
    boolean timedOut(boolean live);

    /** Where the recorder keeps its record, for messages (a journal's file, say). */
    String where();

    /**
     * What a resumed session runs again.
     *
     * @param session the recorded session's id
     * @param requests the requests it was given, in order
     */
    record Recorded(String session, List<String> requests) {
        /** Copies {@code requests}. */
        public Recorded {
            requests = List.copyOf(requests);
        }
    }

    /** The session's inbox as it is without a recorder: what a live step takes from. */
    interface LiveInbox {
        /** {@link Inbox#await()} without the recorder. */
        Event await() throws InterruptedException;

        /** {@link Inbox#poll()} without the recorder. */
        Optional<Event> poll();

        /** What {@link Inbox#await()} throws when the running state's time-out ran out. */
        StateTimeoutException timedOut();
    }

    /**
     * A recorder's failure (a journal that diverged or cannot be written): it ends the session, never
     * just the step that met it, so a round does not send it to the machine's {@code onError} state.
     */
    abstract class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** A failure described by {@code message}. */
        protected Failure(String message) {
            super(message);
        }

        /** A failure described by {@code message}, caused by {@code cause}. */
        protected Failure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * What a round asks, between steps and at its end, of what records it (the session's
     * {@link SessionRecorder}): the one round-level seam beside the step chain. {@link #NONE} when nothing
     * records the round. Public because a recorder in another module implements it.
     */
    public interface RoundHooks {
        /** Nothing records the round. */
        RoundHooks NONE = new RoundHooks() {};

        /**
         * How round {@code round} ended at this point when it ran before (a resumed session replaying
         * it): the round ends the same way here, for a reason a replay does not see again.
         */
        default Optional<RecordedEnd> recordedEnd(int round) {
            return Optional.empty();
        }

        /**
         * Whether the step now running is replayed from the record rather than run live; asked once the
         * recorder's interceptor began the step.
         */
        default boolean stepReplayed() {
            return false;
        }

        /** The round ended as {@code result}. */
        default void ended(int round, RoundResult result) {}

        /**
         * A round's end as recorded.
         *
         * @param outcome how it ended
         * @param reason why
         * @param failure for an {@code ERROR} end, the failure to report when the replay did not meet it again
         */
        record RecordedEnd(Outcome outcome, String reason, Optional<Throwable> failure) {}
    }
}
