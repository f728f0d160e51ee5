package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Next;

/** A state's handle threw: log it, then finish. */
@State(value = "ERROR", description = "Entered when handle() throws")
@Terminal(endsRound = false)
@Transition(to = FinishHostState.class, by = Trigger.SYSTEM, when = "clean-up")
public final class ErrorHostState extends HostState {
    public Next next(HostAgent agent, ErrorHostStateTransitions to) {
        return to.toFinish();
    }
}
