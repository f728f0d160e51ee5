package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** AJAR is an interface; the machine's base type is one too. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public interface Base extends AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Ajar.class, by = Trigger.USER)
    public static final class Open implements Base {}

    @State("AJAR")
    @Transition(to = Closed.class, by = Trigger.USER)
    public interface Ajar extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed implements Base {}
}
