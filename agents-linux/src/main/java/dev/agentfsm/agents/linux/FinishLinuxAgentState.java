package dev.agentfsm.agents.linux;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;

/** The task is done; the round ends with the result the LLM gave. */
@State(value = "FINISH", description = "The task is done; the round ends with the LLM's result")
@Terminal(endsRound = true, endsSubtask = true)
final class FinishLinuxAgentState extends LinuxAgentState {}
