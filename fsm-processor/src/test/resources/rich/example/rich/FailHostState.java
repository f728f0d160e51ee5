package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Next;

/** The subtask failed; clean up, then finish. */
@State("FAIL")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = FinishHostState.class, by = Trigger.SYSTEM, when = "clean-up")
public final class FailHostState extends HostState {
    public Next next(HostAgent agent, FailHostStateTransitions to) {
        return to.toFinish();
    }
}
