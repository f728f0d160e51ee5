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
 * The one mistake: AJAR also calls itself OPEN. SHUT moves to both, so their helper methods clash too.
 * DoorStatus leaves AJAR out; AJAR's next method still compiles against its helper.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Shut.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("SHUT")
    @Transition(to = Open.class, by = Trigger.USER)
    @Transition(to = Ajar.class, by = Trigger.USER)
    public static final class Shut extends Base {
        public Next next(Agent agent, DoorMoves.Shut to) {
            return to.toOpen();
        }
    }

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State(value = "OPEN", description = "ajar")
    @Transition(to = Closed.class, by = Trigger.USER)
    @Transition(to = Shut.class, by = Trigger.USER)
    public static final class Ajar extends Base {
        public Next next(Agent agent, DoorMoves.Ajar to) {
            return agent.status() == DoorStatus.SHUT ? to.toShut() : to.toClosed();
        }
    }

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
