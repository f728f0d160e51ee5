package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Next;

/**
 * A deprecated machine: its outer class, agent, base type, states, a constructor and a next method
 * are deprecated, one state for removal, and it hands off to Window, whose agent is deprecated.
 *
 * @deprecated being replaced
 */
@Deprecated
public final class Door {
    private Door() {}

    /** @deprecated with the machine */
    @Deprecated
    public static final class DoorAgent extends BaseAgent {
        /** @deprecated with the machine */
        @Deprecated
        public DoorAgent() {
            super("door");
        }
    }

    /** @deprecated with the machine */
    @Deprecated
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<DoorAgent> {}

    /** @deprecated to be removed */
    @Deprecated(forRemoval = true)
    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.USER)
    @Transition(to = Window.Open.class, by = Trigger.SYSTEM)
    public static final class Open extends Base {
        /** @deprecated with the state */
        @Deprecated
        public Open() {}

        /** @deprecated with the state */
        @Deprecated
        public Next next(DoorAgent agent, DoorMoves.Open to) {
            return to.toWindowOpen(new Window.WindowAgent());
        }
    }

    /** @deprecated with the machine */
    @Deprecated
    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
