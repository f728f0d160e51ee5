package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;

/**
 * One transition the runtime made, as {@link TransitionListener}s and traces see it.
 *
 * @param session the id of the session the round belongs to (a lone {@link Round} has an id of its own)
 * @param round the round's number within the session, from 1
 * @param step the round's step at which the move was made, from 1
 * @param agent the name of the agent that made the move
 * @param from the status moved from
 * @param to the status moved to; another machine's for a hand-off
 * @param trigger who triggered it ({@link Trigger#SYSTEM} for the runtime's own moves to the fallback or onError state)
 * @param nanos how long the state's step took ({@code handle} plus the decision), in nanoseconds
 */
public record TransitionEvent(
        String session, int round, int step, String agent, Status from, Status to, Trigger trigger, long nanos) {

    /** The name of the machine moved from. */
    public String machine() {
        return from.machine().name();
    }

    /** The target as traces name it: {@code STATUS}, or {@code Machine.STATUS} for a hand-off. */
    public String targetName() {
        return isHandOff() ? to.qualifiedName() : to.name();
    }

    /** Whether the move handed control to another machine's agent. */
    public boolean isHandOff() {
        return from.machine() != to.machine();
    }
}
