package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;

/**
 * The one mistake: AJAR is an inner class (no static), so the manager can't create it and DoorStatus
 * leaves it out. It keeps its helper, whose methods throw, so its next method compiles; OPEN, which
 * moves to it only by status, and DOOR_STATUS still compile.
 */
public final class Door {
    static final DoorStatus DOOR_STATUS = DoorStatus.OPEN;

    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Ajar.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {
        public Next next(Agent agent, DoorMoves.Open to) {
            return to.byStatus(agent.status());
        }
    }

    @State("AJAR")
    @Transition(to = Open.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.USER)
    public final class Ajar extends Base {
        public Next next(Agent agent, DoorMoves.Ajar to) {
            return agent.status() == DoorStatus.OPEN ? to.toOpen() : to.toClosed();
        }
    }

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
