package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * Host ASSIGN: creates the AppAgent of the selected window's application, or reuses the cached one,
 * makes the host its host (sharing the blackboard), sets the subtask, and hands control to it.
 */
@State(value = "ASSIGN", description = "Create or reuse the AppAgent of the selected application and hand off the subtask")
@Transition(to = ContinueAppAgentState.class, by = Trigger.SYSTEM)
public final class AssignHostAgentState extends HostAgentState {
    @Override
    public void handle(HostAgent agent, Context context) {
        agent.assign(context);
    }

    public Next next(HostAgent agent, AssignHostAgentStateMoves to) {
        return to.toAppAgentContinue(agent.activeAppAgent().orElseThrow(() -> new IllegalStateException(
                "HostAgent ASSIGN has no AppAgent to hand off to; ASSIGN's handle creates it")));
    }
}
