package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.runtime.AgentState;

/**
 * The HostAgent's machine: it looks at the desktop, picks an application window, and hands each
 * subtask to that application's {@link AppAgent} (or {@link OperatorAgent}, for an application run
 * under the Operator), which hands control back when the subtask is over.
 */
@StateMachine(
        name = "HostAgent",
        initial = ContinueHostAgentState.class,
        onError = ErrorHostAgentState.class,
        description = "Orchestrates a desktop task: picks an application and hands each subtask to its AppAgent")
abstract class HostAgentState implements AgentState<HostAgent> {}
