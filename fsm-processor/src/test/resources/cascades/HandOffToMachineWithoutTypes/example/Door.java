package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** The one mistake: the initial state is no @State, so nothing can stand in for Door. Nothing here names its types. */
public final class Door {
    @StateMachine(name = "Door", initial = Hinge.class)
    public abstract static class Base implements AgentState<Agent> {}

    public static final class Hinge {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
