package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** The subtask failed; clean up, then finish: its only move, which needs no next method. */
@State("FAIL")
@Terminal(endsRound = false, endsSubtask = true)
@Transition(to = FinishHostState.class, by = Trigger.SYSTEM, when = "clean-up")
public final class FailHostState extends HostState {}
