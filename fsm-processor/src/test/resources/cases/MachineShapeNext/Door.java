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
 * The agent class takes a type argument, so the machine has no agent class; OPEN's next method,
 * which takes that agent, is not a second mistake.
 */
public final class Door {
    public interface Box<T> extends Agent {}

    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Box<String>> {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {
        public Next next(Box<String> agent, DoorMoves.Open to) {
            return to.toClosed();
        }
    }

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
