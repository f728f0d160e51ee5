package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;

/**
 * One transition the runtime made, as {@link TransitionListener}s and traces see it.
 *
 * @param session the session's id
 * @param round the round's number within the session, from 1
 * @param step the round's step at which the move was made, from 1
 * @param agent the name of the agent that made the move
 * @param machine the machine of the state moved from
 * @param from the status moved from
 * @param to the target as the table names it: {@code STATUS}, or {@code Machine.STATUS} for a hand-off
 * @param trigger who triggered it
 * @param nanos how long the state's step took ({@code handle} plus the decision), in nanoseconds
 */
public record TransitionEvent(String session, int round, int step, String agent, String machine,
        String from, String to, Trigger trigger, long nanos) {}
