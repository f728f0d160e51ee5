package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/** Host CONTINUE: the four phases (desktop screenshot and windows, LLM, action, memory); the LLM's status decides. */
@State(value = "CONTINUE", description = "Run the four phases: desktop screenshot and window list, LLM, action, memory")
@Transition(to = ContinueHostAgentState.class, by = Trigger.LLM)
@Transition(to = AssignHostAgentState.class, by = Trigger.LLM, when = "an application was selected")
@Transition(to = FinishHostAgentState.class, by = Trigger.LLM)
@Transition(to = PendingHostAgentState.class, by = Trigger.LLM)
@Transition(to = ConfirmHostAgentState.class, by = Trigger.LLM)
@Transition(to = ErrorHostAgentState.class, by = Trigger.SYSTEM)
final class ContinueHostAgentState extends HostAgentState {
    @Override
    public void handle(HostAgent agent, Context context) throws Exception {
        agent.step(context);
    }
}
