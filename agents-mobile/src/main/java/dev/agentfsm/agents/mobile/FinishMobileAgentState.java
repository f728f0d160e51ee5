package dev.agentfsm.agents.mobile;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;

/** MobileAgent's successful end: the task is done and the round ends. */
@State(value = "FINISH", description = "The task is done; the round ends")
@Terminal(endsRound = true, endsSubtask = true)
final class FinishMobileAgentState extends MobileAgentState {}
