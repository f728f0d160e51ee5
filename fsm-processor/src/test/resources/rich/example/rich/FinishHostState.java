package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;

/** The task is done. */
@State(value = "FINISH", description = "Archive the subtask; the round ends")
@Terminal(endsRound = true, endsSubtask = true)
public final class FinishHostState extends HostState {}
