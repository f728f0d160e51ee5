package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/**
 * Operator PENDING: asks the user the LLM's questions when {@code askQuestion} is on (otherwise tells
 * the LLM that no answer is available) and continues.
 */
@State(value = "PENDING", description = "Ask the user the LLM's questions, or tell the LLM no answer is available")
@Transition(to = ContinueOperatorAgentState.class, by = Trigger.USER)
final class PendingOperatorAgentState extends OperatorAgentState {
    @Override
    public void handle(OperatorAgent agent, Context context) {
        agent.askQuestions();
    }
}
