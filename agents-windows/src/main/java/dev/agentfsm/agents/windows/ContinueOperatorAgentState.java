package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/**
 * Operator CONTINUE: the four phases (the desktop's screenshot, the LLM's computer-use action, the
 * action at its screen coordinates, memory); the LLM's status decides.
 */
@State(
        value = "CONTINUE",
        description = "Run the four phases: screenshot, LLM, an action at screen coordinates, memory")
@Transition(to = ContinueOperatorAgentState.class, by = Trigger.LLM)
@Transition(to = PendingOperatorAgentState.class, by = Trigger.LLM)
@Transition(to = ConfirmOperatorAgentState.class, by = Trigger.LLM)
@Transition(to = FinishOperatorAgentState.class, by = Trigger.LLM)
@Transition(to = ErrorOperatorAgentState.class, by = Trigger.SYSTEM)
final class ContinueOperatorAgentState extends OperatorAgentState {
    @Override
    public void handle(OperatorAgent agent, Context context) throws Exception {
        agent.step(context);
    }
}
