package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.runtime.AgentState;

/**
 * The Operator's machine (UFO's OpenAI Operator states): a computer-use agent that acts on the screen
 * by coordinates, one action per step, for a {@link HostAgent} that handed it a subtask, or on its own.
 */
@StateMachine(
        name = "OperatorAgent",
        initial = ContinueOperatorAgentState.class,
        onError = ErrorOperatorAgentState.class,
        description =
                "Acts on the screen by coordinates, one computer-use action per step, and hands control back to its HostAgent")
abstract class OperatorAgentState implements AgentState<OperatorAgent> {}
