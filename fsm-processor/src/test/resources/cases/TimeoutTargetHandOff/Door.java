package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Timeout;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;

/** OPEN times out to a state of another machine: a time-out cannot hand off. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Timeout(
            after = "PT5M",
            to = Window.Open.class)
    @Transition(to = Closed.class, by = Trigger.USER)
    @Transition(to = Jammed.class, by = Trigger.SYSTEM)
    @Transition(to = Window.Open.class, by = Trigger.TIMEOUT)
    public static final class Open extends Base {
        public Next next(Agent agent, DoorMoves.Open to) {
            return to.toWindowOpen(agent);
        }
    }

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}

    @State("JAMMED")
    @Terminal(endsRound = true)
    public static final class Jammed extends Base {}

}
