package dev.agentfsm.runtime.internal;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Status;
import java.util.Optional;

/**
 * What {@link RoundDecider} says a round does next: move, or end with an outcome and a reason.
 * Internal: not part of the runtime's API (see the package).
 */
public sealed interface Decision {

    /**
     * Move to {@code to}.
     *
     * @param to the status to enter
     * @param trigger the declared move's trigger
     * @param handOff whether the agent the state named takes over (otherwise the current agent goes on)
     * @param toOnError the reason's first part when this is the machine's {@code onError} state after a
     *     failure: the round remembers the failure and ends as {@code ERROR} whatever comes after
     */
    record Move(Status to, Trigger trigger, boolean handOff, Optional<String> toOnError) implements Decision {}

    /**
     * End the round.
     *
     * @param outcome how it ends
     * @param reason why, in {@link RoundReasons}' words
     * @param violation the refused move behind an {@code ILLEGAL_TRANSITION} or {@code UNKNOWN_STATUS}
     * @param failed whether the step's own failure is the round's error (an {@code ERROR} end)
     */
    record End(Outcome outcome, String reason, Optional<WorkEnd.Refused> violation, boolean failed)
            implements Decision {
        /** An end with no violation and no failure of the step's own. */
        public static End of(Outcome outcome, String reason) {
            return new End(outcome, reason, Optional.empty(), false);
        }
    }
}
