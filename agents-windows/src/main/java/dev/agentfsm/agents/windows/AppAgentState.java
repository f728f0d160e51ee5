package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.runtime.AgentState;

/**
 * The AppAgent's machine: it works on one subtask inside one application window, acting on its
 * controls, and hands control back to its {@link HostAgent} when the subtask is over.
 */
@StateMachine(
        name = "AppAgent",
        initial = ContinueAppAgentState.class,
        onError = ErrorAppAgentState.class,
        description = "Works on one subtask inside one application window and hands control back to its HostAgent")
abstract class AppAgentState implements AgentState<AppAgent> {}
