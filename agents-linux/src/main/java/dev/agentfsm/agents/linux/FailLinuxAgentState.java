package dev.agentfsm.agents.linux;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/**
 * The task failed: the LLM gave up (an unsafe or impossible request) or a step threw. It cleans up
 * into {@code FINISH}, which ends the round: its only move, which the runtime takes without a
 * {@code next} method.
 */
@State(value = "FAIL", description = "The task failed (the LLM gave up, or a step threw); clean up into FINISH")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = FinishLinuxAgentState.class, by = Trigger.SYSTEM, when = "clean-up")
final class FailLinuxAgentState extends LinuxAgentState {

    /** The exit action: logs what failed, for the operator; the round's result already carries it. */
    @Override
    public void handle(LinuxAgent agent, Context context) {
        agent.recordFailure(context);
    }
}
