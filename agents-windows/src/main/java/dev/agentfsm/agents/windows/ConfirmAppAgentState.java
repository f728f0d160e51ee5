package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * App CONFIRM: the action the LLM chose waits here, before it runs. The window is observed again and
 * the user asked about the action as it shows it now. Approved (or with {@code safeGuard} off), it runs
 * and the agent continues (with the reply's next action, if it had several); rejected, it never runs,
 * nor do the reply's later actions, and the subtask finishes.
 */
@State(value = "CONFIRM", description = "Ask the user to approve the waiting action; it runs only when approved")
@Transition(to = ContinueAppAgentState.class, by = Trigger.USER, when = "approved")
@Transition(to = FinishAppAgentState.class, by = Trigger.USER, when = "rejected")
final class ConfirmAppAgentState extends AppAgentState {
    @Override
    public void handle(AppAgent agent, Context context) throws Exception {
        agent.confirmWaitingAction();
    }

    public Next next(AppAgent agent, AppAgentMoves.ConfirmAppAgentState to) {
        return agent.rejected() ? to.toFinish() : to.toContinue();
    }
}
