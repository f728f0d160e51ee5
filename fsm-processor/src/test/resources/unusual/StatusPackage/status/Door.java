package status;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/**
 * A machine in package status with a state class named DoorStatus, like the generated enum: DoorMoves
 * names the enum in full, status.DoorStatus, beside its byStatus parameter.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = DoorStatus.class, by = Trigger.LLM)
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("AJAR")
    @Transition(to = Closed.class, by = Trigger.USER)
    public static final class DoorStatus extends Base {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
