package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.util.Objects;

/**
 * One declared transition, as a {@code @Transition} declares it: from a status to a target, who
 * triggers it and when. A target of another machine makes the move a hand-off to that machine's agent.
 *
 * @param from the state that moves
 * @param to the target; another machine's status for a hand-off
 * @param trigger who triggers the move
 * @param when the {@code @Transition(when = ...)} text; empty when none was given
 */
public record Move(Status from, Status to, Trigger trigger, String when) {

    public Move {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(when, "when");
    }

    /** Whether the move hands control to another machine's agent. */
    public boolean isHandOff() {
        return from.machine() != to.machine();
    }

    @Override
    public String toString() {
        return from.qualifiedName() + " -> " + to.qualifiedName() + " (" + trigger + ")";
    }
}
