package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** A valid machine beside the one under test. */
public final class Window {
    @StateMachine(name = "Window", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Shut.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("SHUT")
    @Terminal(endsRound = true)
    public static final class Shut extends Base {}
}
