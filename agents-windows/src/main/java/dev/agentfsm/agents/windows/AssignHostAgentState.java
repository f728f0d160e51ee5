package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * Host ASSIGN: creates the sub-agent of the selected window's application, or reuses the cached one,
 * makes the host its host (sharing the blackboard), sets the subtask, and hands control to it: to the
 * Operator's CONTINUE when the application runs under the Operator ({@code operatorFor}), to the
 * AppAgent's CONTINUE otherwise.
 */
@State(
        value = "ASSIGN",
        description = "Create or reuse the sub-agent of the selected application and hand off the subtask")
@Transition(to = ContinueAppAgentState.class, by = Trigger.SYSTEM, when = "the application runs under an AppAgent")
@Transition(
        to = ContinueOperatorAgentState.class,
        by = Trigger.SYSTEM,
        when = "the application runs under the Operator")
final class AssignHostAgentState extends HostAgentState {
    @Override
    public void handle(HostAgent agent, Context context) {
        agent.assign(context);
    }

    public Next next(HostAgent agent, HostAgentMoves.AssignHostAgentState to) {
        if (agent.activeOperator().isPresent()) {
            return to.toOperatorAgentContinue(agent.activeOperator().get());
        }
        return to.toAppAgentContinue(agent.activeAppAgent()
                .orElseThrow(() -> new IllegalStateException(
                        "HostAgent ASSIGN has no sub-agent to hand off to; ASSIGN's handle creates it")));
    }
}
