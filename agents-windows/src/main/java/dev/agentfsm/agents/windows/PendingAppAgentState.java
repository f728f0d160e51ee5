package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/**
 * App PENDING: asks the user the LLM's questions when {@code askQuestion} is on (otherwise tells the
 * LLM that no answer is available) and continues; an unanswered question is reported to the LLM.
 */
@State(value = "PENDING", description = "Ask the user the LLM's questions, or tell the LLM no answer is available")
@Transition(to = ContinueAppAgentState.class, by = Trigger.USER)
final class PendingAppAgentState extends AppAgentState {
    @Override
    public void handle(AppAgent agent, Context context) {
        agent.askQuestions();
    }
}
