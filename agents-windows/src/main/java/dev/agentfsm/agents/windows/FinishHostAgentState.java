package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;

/** Host FINISH: the task is over; the round ends. */
@State(value = "FINISH", description = "The task is over; the round ends")
@Terminal(endsRound = true)
final class FinishHostAgentState extends HostAgentState {}
