package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Tools;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** OPEN offers the tools of a pattern with a space in it, which no tool name has. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Tools({"browser_*", "browser click"})
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    @Tools({})
    public static final class Closed extends Base {}
}
