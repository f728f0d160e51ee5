package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/** App FINISH: archives the subtask for the host and hands control back; in follower mode the host finishes. */
@State(value = "FINISH", description = "Archive the finished subtask and hand control back to the host")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = ContinueHostAgentState.class, by = Trigger.SYSTEM)
@Transition(to = FinishHostAgentState.class, by = Trigger.SYSTEM, when = "follower mode")
final class FinishAppAgentState extends AppAgentState {
    @Override
    public void handle(AppAgent agent, Context context) {
        agent.archive(context, AppAgentStatus.FINISH);
    }

    public Next next(AppAgent agent, AppAgentMoves.FinishAppAgentState to) {
        return agent.follower()
                ? to.toHostAgentFinish(agent.requireHostAgent())
                : to.toHostAgentContinue(agent.requireHostAgent());
    }
}
