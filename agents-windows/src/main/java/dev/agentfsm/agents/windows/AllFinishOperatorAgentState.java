package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Terminal;

/** Operator ALLFINISH: an Operator working without a host is done; the round ends. */
@State(value = "ALLFINISH", description = "The Operator worked on its own and is done; the round ends")
@Terminal(endsRound = true, endsSubtask = true)
final class AllFinishOperatorAgentState extends OperatorAgentState {}
