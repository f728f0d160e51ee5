package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** Rounds start AJAR now: replayed rounds would start elsewhere than they were recorded. */
public final class Door {
    @StateMachine(name = "Door", initial = Ajar.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Open.class, by = Trigger.LLM, when = "someone is passing")
    @Transition(to = Ajar.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("AJAR")
    @Transition(to = Open.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.SYSTEM)
    public static final class Ajar extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
