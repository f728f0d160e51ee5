package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * Operator ERROR: a step threw; archives the subtask with the error, then the host finishes the round
 * (an Operator on its own moves to ALLFINISH).
 */
@State(value = "ERROR", description = "Archive the subtask with the error; the host finishes the round")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = FinishHostAgentState.class, by = Trigger.SYSTEM, when = "it has a host")
@Transition(to = AllFinishOperatorAgentState.class, by = Trigger.SYSTEM, when = "it works on its own")
final class ErrorOperatorAgentState extends OperatorAgentState {
    @Override
    public void handle(OperatorAgent agent, Context context) {
        agent.archive(context, OperatorAgentStatus.ERROR);
    }

    public Next next(OperatorAgent agent, OperatorAgentMoves.ErrorOperatorAgentState to) {
        return agent.hostAgent().map(to::toHostAgentFinish).orElseGet(to::toAllfinish);
    }
}
