package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;

/** A machine whose agent alone is deprecated; Door hands off to it. */
public final class Window {
    private Window() {}

    /** @deprecated use another agent */
    @Deprecated
    public static final class WindowAgent extends BaseAgent {
        public WindowAgent() {
            super("window");
        }
    }

    @StateMachine(name = "Window", initial = Open.class)
    public abstract static class Base implements AgentState<WindowAgent> {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
