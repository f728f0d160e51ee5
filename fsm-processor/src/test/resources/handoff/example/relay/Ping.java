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
 * Ping's SERVE hands off to Pong's RETURN, and Pong's SERVE to Ping's RETURN: each status enum's first
 * constant refers to a later constant of the other. Moves built with the constants would see a null
 * in whichever enum is initialized second.
 */
public final class Ping {
    private Ping() {}

    @StateMachine(name = "Ping", initial = Serve.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("SERVE")
    @Transition(to = Pong.Return.class, by = Trigger.SYSTEM)
    public static final class Serve extends Base {
        public Next next(Agent agent, PingMoves.Serve to) {
            return to.toPongReturn(agent);
        }
    }

    @State("RETURN")
    @Transition(to = Done.class, by = Trigger.LLM)
    public static final class Return extends Base {}

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends Base {}
}
