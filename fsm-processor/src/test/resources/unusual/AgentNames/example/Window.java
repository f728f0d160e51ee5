package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;

/** A machine driven by {@code Default}. */
public final class Window {
    private Window() {}

    @StateMachine(name = "Window", initial = Open.class)
    public abstract static class Base implements AgentState<Default> {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
