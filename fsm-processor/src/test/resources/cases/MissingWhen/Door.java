package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** The model chooses OPEN's moves; two of them say nothing about when. USER and SYSTEM moves need no when. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State(value = "OPEN", description = "Decide what to do with the door")
    @Transition(to = Open.class, by = Trigger.LLM)
    @Transition(to = Closed.class, by = Trigger.LLM, when = "nobody is coming")
    @Transition(to = Locked.class, by = Trigger.LLM, when = " ")
    @Transition(to = Broken.class, by = Trigger.SYSTEM)
    public static final class Open extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}

    @State("LOCKED")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Locked extends Base {}

    @State("BROKEN")
    @Terminal(endsRound = true)
    public static final class Broken extends Base {}
}
