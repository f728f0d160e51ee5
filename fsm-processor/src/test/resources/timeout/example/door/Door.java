package example.door;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Timeout;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** A door that waits for someone to walk through, and closes itself when nobody does. */
public final class Door {
    private Door() {}

    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Timeout(after = "PT1M30S", to = Closing.class)
    @Transition(to = Open.class, by = Trigger.USER, when = "someone walked through")
    @Transition(to = Closing.class, by = Trigger.TIMEOUT, when = "nobody came for 90 seconds")
    public static final class Open extends Base {}

    @State("CLOSING")
    @Timeout(after = "P1D", to = Jammed.class)
    @Transition(to = Closed.class, by = Trigger.SYSTEM)
    @Transition(to = Jammed.class, by = Trigger.TIMEOUT)
    public static final class Closing extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}

    @State("JAMMED")
    @Terminal(endsRound = true)
    public static final class Jammed extends Base {}
}
