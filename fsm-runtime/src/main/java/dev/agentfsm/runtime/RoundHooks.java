package dev.agentfsm.runtime;

import java.util.Optional;

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
