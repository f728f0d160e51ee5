package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Tools;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** OPEN lists the same tool pattern twice. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Tools({"shell_*", "shell_*"}) // again
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
