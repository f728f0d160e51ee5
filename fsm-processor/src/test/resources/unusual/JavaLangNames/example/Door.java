package example;

import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/**
 * A machine whose top-level states, in its own package, are named as the types of java.lang that
 * generated code uses: there the simple name {@code String} means the state, not java.lang's.
 */
@StateMachine(name = "Door", initial = Object.class)
public abstract class Door implements AgentState<Agent> {}
