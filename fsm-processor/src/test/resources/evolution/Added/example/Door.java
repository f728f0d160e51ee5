package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** A new state and new moves, other descriptions and a renamed class: nothing a journal relies on changed. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State(value = "OPEN", description = "The door stands open")
    @Transition(to = Open.class, by = Trigger.LLM, when = "someone is passing")
    @Transition(to = HalfOpen.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.USER)
    @Transition(to = Jammed.class, by = Trigger.SYSTEM, when = "the hinge broke")
    public static final class Open extends Base {}

    @State("AJAR")
    @Transition(to = Open.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.SYSTEM)
    public static final class HalfOpen extends Base {}

    @State("JAMMED")
    @Transition(to = Closed.class, by = Trigger.USER, when = "repaired")
    public static final class Jammed extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
