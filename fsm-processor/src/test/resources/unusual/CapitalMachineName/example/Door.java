package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;

/**
 * Door has a state HOST_CONTINUE of its own and hands off to the HOST machine's CONTINUE: two moves,
 * which the generated code and the diagrams keep apart.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = HostContinue.class, by = Trigger.LLM)
    @Transition(to = Host.Continue.class, by = Trigger.SYSTEM)
    public static final class Open extends Base {
        public Next next(Agent agent, DoorMoves.Open to) {
            return agent.status() == DoorStatus.HOST_CONTINUE ? to.toHOSTContinue(agent) : to.toHostContinue();
        }
    }

    @State("HOST_CONTINUE")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class HostContinue extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
