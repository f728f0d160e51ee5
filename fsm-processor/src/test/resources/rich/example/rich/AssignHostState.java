package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Next;

/** Hands the subtask to the App agent. */
@State(value = "ASSIGN", description = "Create or reuse the App agent and hand off")
@Transition(to = AppStates.Continue.class, by = Trigger.SYSTEM, when = "always")
public final class AssignHostState extends HostState {
    public Next next(HostAgent agent, HostMoves.AssignHostState to) {
        return to.toAppContinue(agent.assigned);
    }
}
