package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** The base type leaves its agent type open: the generated code needs a concrete agent class. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base<A extends Agent> implements AgentState<A> {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base<Agent> {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base<Agent> {}
}
