package dev.agentfsm.agents.mobile;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/**
 * MobileAgent's working state: one step of the four phases (screenshot, apps, controls and the
 * annotated screenshot; the LLM; the action; memory). The LLM's status decides the next state.
 */
@State(value = "CONTINUE", description = "Observe the device, ask the LLM, run its action, remember the step")
@Transition(to = ContinueMobileAgentState.class, by = Trigger.LLM)
@Transition(to = FinishMobileAgentState.class, by = Trigger.LLM)
@Transition(to = FailMobileAgentState.class, by = Trigger.LLM)
final class ContinueMobileAgentState extends MobileAgentState {
    @Override
    public void handle(MobileAgent agent, Context context) throws Exception {
        agent.step(context);
    }
}
