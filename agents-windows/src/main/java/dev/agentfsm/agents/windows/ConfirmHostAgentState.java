package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * Host CONFIRM: reads the window list again and asks the user about the step the LLM wants to take,
 * which waits until then. Approved, the step runs and the host continues; rejected, it never runs and
 * the task fails.
 */
@State(value = "CONFIRM", description = "Ask the user to approve the waiting step; it runs only when approved")
@Transition(to = ContinueHostAgentState.class, by = Trigger.USER, when = "approved")
@Transition(to = FailHostAgentState.class, by = Trigger.USER, when = "rejected")
final class ConfirmHostAgentState extends HostAgentState {
    @Override
    public void handle(HostAgent agent, Context context) throws Exception {
        agent.confirmWaitingAction();
    }

    public Next next(HostAgent agent, HostAgentMoves.ConfirmHostAgentState to) {
        return agent.failure().isPresent() ? to.toFail() : to.toContinue();
    }
}
