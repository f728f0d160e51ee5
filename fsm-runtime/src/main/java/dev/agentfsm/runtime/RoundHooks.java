package dev.agentfsm.runtime;

import java.util.Optional;

/**
 * What a round asks, between steps and at its end, of what records it (the session's journal): the
 * one round-level seam beside the step chain. {@link #NONE} when nothing records the round.
 */
interface RoundHooks {
    /** Nothing records the round. */
    RoundHooks NONE = new RoundHooks() {};

    /**
     * How round {@code round} ended at this point when it ran before (a resumed session replaying
     * it): the round ends the same way here, for a reason a replay does not see again.
     */
    default Optional<RecordedEnd> recordedEnd(int round) {
        return Optional.empty();
    }

    /** The round ended as {@code result}. */
    default void ended(int round, RoundResult result) {}

    /**
     * A round's end as recorded.
     *
     * @param outcome how it ended
     * @param reason why
     */
    record RecordedEnd(Outcome outcome, String reason) {}
}
