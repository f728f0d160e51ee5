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
 * Door hands off to Window, whose agent class is named Default (its parameter cannot be
 * {@code default}), and to Gate, whose agent class has a dollar in its name.
 */
public final class Door {
    private Door() {}

    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Window.Open.class, by = Trigger.SYSTEM)
    @Transition(to = Gate.Open.class, by = Trigger.SYSTEM)
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {
        public Next next(Agent agent, DoorMoves.Open to) {
            return agent.status() == DoorStatus.OPEN ? to.toWindowOpen(new Default()) : to.toGateOpen(new Gate$Agent());
        }
    }

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
