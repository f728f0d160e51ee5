package example;

import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** A machine whose states are in another package, public; one of them is named String. */
@StateMachine(name = "Door", initial = example.other.Ajar.class)
public abstract class Door implements AgentState<Agent> {}
