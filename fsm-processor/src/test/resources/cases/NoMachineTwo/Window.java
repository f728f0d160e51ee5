package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** A machine whose base type is an interface. */
public final class Window {
    @StateMachine(name = "Window", initial = Open.class)
    public interface Base extends AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Shut.class, by = Trigger.USER)
    public static final class Open implements Base {}

    @State("SHUT")
    @Terminal(endsRound = true)
    public static final class Shut implements Base {}
}
