package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** Waits for the user; also where an unknown status lands. */
@State("PENDING")
@Transition(to = ContinueHostState.class, by = Trigger.USER, when = "approved")
@Transition(to = FailHostState.class, by = Trigger.TIMEOUT)
public final class PendingHostState extends HostState {}
