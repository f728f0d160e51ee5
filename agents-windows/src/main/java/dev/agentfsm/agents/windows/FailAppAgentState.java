package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/** App FAIL: archives the failed subtask and hands control back; the host may retry or try another way. */
@State(value = "FAIL", description = "Archive the failed subtask and hand control back; the host may retry")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = ContinueHostAgentState.class, by = Trigger.SYSTEM, when = "the host may retry")
final class FailAppAgentState extends AppAgentState {
    @Override
    public void handle(AppAgent agent, Context context) {
        agent.archive(context, AppAgentStatus.FAIL);
    }

    public Next next(AppAgent agent, AppAgentMoves.FailAppAgentState to) {
        return to.toHostAgentContinue(agent.requireHostAgent());
    }
}
