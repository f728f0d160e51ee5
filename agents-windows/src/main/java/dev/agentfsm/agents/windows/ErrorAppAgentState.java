package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/** App ERROR: a step threw; archives the subtask with the error and hands control to the host, which finishes. */
@State(value = "ERROR", description = "Archive the subtask with the error; the host finishes the round")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = FinishHostAgentState.class, by = Trigger.SYSTEM)
final class ErrorAppAgentState extends AppAgentState {
    @Override
    public void handle(AppAgent agent, Context context) {
        agent.archive(context, AppAgentStatus.ERROR);
    }

    public Next next(AppAgent agent, AppAgentMoves.ErrorAppAgentState to) {
        return to.toHostAgentFinish(agent.requireHostAgent());
    }
}
