package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** AJAR was renamed HALF_OPEN: journals that entered AJAR can't resume. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Open.class, by = Trigger.LLM, when = "someone is passing")
    @Transition(to = Ajar.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("HALF_OPEN")
    @Transition(to = Open.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.SYSTEM)
    public static final class Ajar extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
