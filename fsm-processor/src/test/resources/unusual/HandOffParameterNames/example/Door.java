package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/**
 * A state named Next, so that DoorMoves names the runtime's Next in full (dev.agentfsm.runtime.Next), and a
 * hand-off to Host, whose agent class is Dev.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Next.class, by = Trigger.LLM)
    @Transition(to = Host.Continue.class, by = Trigger.SYSTEM)
    public static final class Open extends Base {
        public dev.agentfsm.runtime.Next next(Agent agent, DoorMoves.Open to) {
            return to.toNext();
        }
    }

    @State("NEXT")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Next extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
