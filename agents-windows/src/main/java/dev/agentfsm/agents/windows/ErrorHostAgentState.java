package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/** Host ERROR: a step threw (a driver failure, an LLM that cannot be reached); records the error and cleans up in FINISH. */
@State(
        value = "ERROR",
        description = "A step of the host threw (a desktop failure, an unreachable LLM); record the error")
@Terminal(endsRound = false)
@Transition(to = FinishHostAgentState.class, by = Trigger.SYSTEM, when = "clean-up")
final class ErrorHostAgentState extends HostAgentState {
    @Override
    public void handle(HostAgent agent, Context context) {
        context.get(Context.ERROR).ifPresent(e -> context.put(Context.ROUND_RESULT, "ERROR: " + ErrorText.of(e)));
    }
}
