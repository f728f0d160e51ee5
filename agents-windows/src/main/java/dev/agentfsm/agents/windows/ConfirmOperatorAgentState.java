package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * Operator CONFIRM: the action the LLM chose (a click on "Delete", a purchase) waits here, before it
 * runs, described with what lies at its coordinates when the screen is looked at again, here. Approved (or with {@code safeGuard} off), it runs
 * and the Operator continues; rejected, it never runs and the subtask finishes.
 */
@State(value = "CONFIRM", description = "Ask the user to approve the waiting action; it runs only when approved")
@Transition(to = ContinueOperatorAgentState.class, by = Trigger.USER, when = "approved")
@Transition(to = FinishOperatorAgentState.class, by = Trigger.USER, when = "rejected")
final class ConfirmOperatorAgentState extends OperatorAgentState {
    @Override
    public void handle(OperatorAgent agent, Context context) throws Exception {
        agent.confirmWaitingAction();
    }

    public Next next(OperatorAgent agent, OperatorAgentMoves.ConfirmOperatorAgentState to) {
        return agent.rejected() ? to.toFinish() : to.toContinue();
    }
}
