package example.door;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;
import example.window.Window;

/** Hands off to Window.OPEN, a state read from the class files of an earlier compilation. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    @Transition(to = Window.Open.class, by = Trigger.SYSTEM, when = "there is a draught")
    public static final class Open extends Base {
        public Next next(Agent agent, DoorMoves.Open to) {
            return agent.status() == DoorStatus.CLOSED ? to.toClosed() : to.toWindowOpen(agent);
        }
    }

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
