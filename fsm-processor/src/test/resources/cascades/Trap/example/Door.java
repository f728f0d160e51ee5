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
 * The one mistake: STUCK only moves to itself. OPEN's next method and DoorUser name the generated types;
 * STUCK has one move, so it needs no next method.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Stuck.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {
        public Next next(Agent agent, DoorMoves.Open to) {
            return agent.status() == DoorStatus.STUCK ? to.toStuck() : to.toClosed();
        }
    }

    @State("STUCK")
    @Transition(to = Stuck.class, by = Trigger.USER)
    public static final class Stuck extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
