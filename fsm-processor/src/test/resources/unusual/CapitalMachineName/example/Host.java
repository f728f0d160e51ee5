package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** A machine named in capitals, as an acronym would be: HOST.CONTINUE joined with _ reads as a status. */
public final class Host {
    @StateMachine(name = "HOST", initial = Continue.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("CONTINUE")
    @Transition(to = Done.class, by = Trigger.LLM)
    public static final class Continue extends Base {}

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends Base {}
}
