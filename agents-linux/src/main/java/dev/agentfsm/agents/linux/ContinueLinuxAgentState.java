package dev.agentfsm.agents.linux;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/** The LinuxAgent at work: one step of asking the LLM, running its command and remembering the step. */
@State(value = "CONTINUE", description = "Ask the LLM for the next command, run it on the shell, record the step")
@Transition(to = ContinueLinuxAgentState.class, by = Trigger.LLM)
@Transition(to = FinishLinuxAgentState.class, by = Trigger.LLM)
@Transition(to = FailLinuxAgentState.class, by = Trigger.LLM)
final class ContinueLinuxAgentState extends LinuxAgentState {
    @Override
    public void handle(LinuxAgent agent, Context context) throws Exception {
        agent.step(context);
    }
}
