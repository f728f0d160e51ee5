package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Timeout;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** OPEN declares a time-out of no time at all. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Timeout(
            after = "PT0S",
            to = Jammed.class)
    @Transition(to = Closed.class, by = Trigger.USER)
    @Transition(to = Jammed.class, by = Trigger.TIMEOUT)
    public static final class Open extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}

    @State("JAMMED")
    @Terminal(endsRound = true)
    public static final class Jammed extends Base {}

}
