package it.door;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;

/** A small machine, as a user writes one. */
public final class DoorStates {
    private DoorStates() {}

    public static final class Door extends BaseAgent {
        public Door() { super("Door"); }
    }

    @StateMachine(name = "Door", initial = Closed.class, description = "A door: opens \"when asked\" & closes")
    public abstract static class Base implements AgentState<Door> {}

    @State(value = "CLOSED", description = "Shut | locked?")
    @Transition(to = Open.class, by = Trigger.USER, when = "knock; knock")
    @Transition(to = Gone.class, by = Trigger.SYSTEM)
    public static final class Closed extends Base {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.TIMEOUT, when = "after <10> s")
    public static final class Open extends Base {}

    @State("GONE")
    @Terminal(endsRound = true)
    public static final class Gone extends Base {}
}
