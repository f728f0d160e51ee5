package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/**
 * CLOSED no longer ends the round but locks the door first: every state and move is kept, yet a
 * recorded round that ended in CLOSED would go on to LOCKED.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Open.class, by = Trigger.LLM, when = "someone is passing")
    @Transition(to = Ajar.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("AJAR")
    @Transition(to = Open.class, by = Trigger.USER)
    @Transition(to = Closed.class, by = Trigger.SYSTEM)
    public static final class Ajar extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = false)
    @Transition(to = Locked.class, by = Trigger.SYSTEM, when = "lock it")
    public static final class Closed extends Base {}

    @State("LOCKED")
    @Terminal(endsRound = true)
    public static final class Locked extends Base {}
}
