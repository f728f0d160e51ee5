package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;

/** OPEN moves to AJAR in code without declaring the transition: DoorMoves.Open has no toAjar(). */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class, fallback = Ajar.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {
        public Next next(Agent agent, DoorMoves.Open to) {
            return agent.status() == DoorStatus.AJAR ? to.toAjar() : to.toClosed();
        }
    }

    @State("AJAR")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Ajar extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
