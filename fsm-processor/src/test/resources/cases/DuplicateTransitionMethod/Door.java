package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** HALF_OPEN and HALF__OPEN would both be toHalfOpen(). */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = HalfOpen.class, by = Trigger.USER)
    @Transition(to = HalfOpenToo.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("HALF_OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class HalfOpen extends Base {}

    @State("HALF__OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class HalfOpenToo extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
