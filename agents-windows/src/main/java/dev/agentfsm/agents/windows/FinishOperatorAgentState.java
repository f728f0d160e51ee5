package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * Operator FINISH: archives the subtask and hands control back to the HostAgent that assigned it; an
 * Operator working on its own moves to ALLFINISH, which ends the round.
 */
@State(value = "FINISH", description = "Archive the subtask and hand control back to the host, if there is one")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = ContinueHostAgentState.class, by = Trigger.SYSTEM, when = "it has a host")
@Transition(to = AllFinishOperatorAgentState.class, by = Trigger.SYSTEM, when = "it works on its own")
final class FinishOperatorAgentState extends OperatorAgentState {
    @Override
    public void handle(OperatorAgent agent, Context context) {
        agent.archive(context, OperatorAgentStatus.FINISH);
    }

    public Next next(OperatorAgent agent, OperatorAgentMoves.FinishOperatorAgentState to) {
        return agent.hostAgent().map(to::toHostAgentContinue).orElseGet(to::toAllfinish);
    }
}
