package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;

/** A valid machine that hands off to the broken Door: its own generated types must not go missing. */
public final class Window {
    @StateMachine(name = "Window", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Shut.class, by = Trigger.USER)
    @Transition(to = Door.Open.class, by = Trigger.SYSTEM)
    public static final class Open extends Base {
        public Next next(Agent agent, WindowMoves.Open to) {
            return agent.status() == WindowStatus.SHUT ? to.toShut() : to.toDoorOpen(agent);
        }
    }

    @State("SHUT")
    @Terminal(endsRound = true)
    public static final class Shut extends Base {
        static final WindowStatus STATUS = WindowStatus.SHUT;
    }
}
