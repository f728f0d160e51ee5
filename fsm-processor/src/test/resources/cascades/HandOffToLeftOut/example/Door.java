package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/**
 * The one mistake: AJAR is an inner class (no static), so the manager can't create it and DoorStatus
 * leaves it out. Window, which is valid, hands off to AJAR.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Ajar.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("AJAR")
    @Transition(to = Closed.class, by = Trigger.USER)
    public final class Ajar extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
