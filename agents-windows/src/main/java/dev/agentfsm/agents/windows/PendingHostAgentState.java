package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * Host PENDING: asks the user the LLM's questions when {@code askQuestion} is on (otherwise tells the
 * LLM that no answer is available) and goes on; a question the user leaves unanswered fails the task.
 */
@State(value = "PENDING", description = "Ask the user the LLM's questions, or tell the LLM no answer is available")
@Transition(to = ContinueHostAgentState.class, by = Trigger.USER)
@Transition(to = FailHostAgentState.class, by = Trigger.TIMEOUT)
final class PendingHostAgentState extends HostAgentState {
    @Override
    public void handle(HostAgent agent, Context context) {
        agent.askQuestions();
    }

    public Next next(HostAgent agent, HostAgentMoves.PendingHostAgentState to) {
        return agent.failure().isPresent() ? to.toFail() : to.toContinue();
    }
}
