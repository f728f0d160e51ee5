package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/** Host FAIL: the task cannot go on (a rejected step, an unanswered question); records why and cleans up in FINISH. */
@State(value = "FAIL", description = "The task failed (a rejected step, an unanswered question); record why")
@Terminal(endsRound = false)
@Transition(to = FinishHostAgentState.class, by = Trigger.SYSTEM, when = "clean-up")
final class FailHostAgentState extends HostAgentState {
    @Override
    public void handle(HostAgent agent, Context context) {
        agent.failure().ifPresent(reason -> context.put(Context.ROUND_RESULT, "FAIL: " + reason));
    }
}
