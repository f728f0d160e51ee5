package example.relay;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;

/**
 * Pong's SERVE hands off to Ping's RETURN, and Ping's SERVE to Pong's RETURN: each status enum's first
 * constant refers to a later constant of the other. Moves built with the constants would see a null
 * in whichever enum is initialized second.
 */
public final class Pong {
    private Pong() {}

    @StateMachine(name = "Pong", initial = Serve.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("SERVE")
    @Transition(to = Ping.Return.class, by = Trigger.SYSTEM)
    public static final class Serve extends Base {
        public Next next(Agent agent, PongMoves.Serve to) {
            return to.toPingReturn(agent);
        }
    }

    @State("RETURN")
    @Transition(to = Done.class, by = Trigger.LLM)
    public static final class Return extends Base {}

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends Base {}
}
