package dev.agentfsm.agents.mobile;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/**
 * MobileAgent's failure: entered when the LLM gives up or when a step throws (the device disconnected
 * or hung). It records why on the agent, then cleans up by its only move, to FINISH, as UFO does.
 */
@State(value = "FAIL", description = "The task cannot go on; record why, then clean up")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = FinishMobileAgentState.class, by = Trigger.SYSTEM, when = "clean-up")
final class FailMobileAgentState extends MobileAgentState {
    @Override
    public void handle(MobileAgent agent, Context context) {
        agent.recordFailure(context);
    }
}
