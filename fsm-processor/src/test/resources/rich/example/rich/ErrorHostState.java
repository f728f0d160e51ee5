package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state's handle threw: log it, then finish. */
@State(value = "ERROR", description = "Entered when handle() throws")
@Terminal(endsRound = false)
@Transition(to = FinishHostState.class, by = Trigger.SYSTEM, when = "clean-up")
public final class ErrorHostState extends HostState {}
