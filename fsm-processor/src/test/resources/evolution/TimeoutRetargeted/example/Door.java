package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Timeout;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/**
 * AJAR's time-out is longer and goes to a new STUCK: the move to BROKEN is still declared, but a
 * recorded step that timed out into BROKEN would time out into STUCK on replay.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Ajar.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("AJAR")
    @Timeout(after = "PT2H", to = Stuck.class)
    @Transition(to = Open.class, by = Trigger.USER)
    @Transition(to = Broken.class, by = Trigger.TIMEOUT)
    @Transition(to = Stuck.class, by = Trigger.TIMEOUT)
    public static final class Ajar extends Base {}

    @State("BROKEN")
    @Terminal(endsRound = true)
    public static final class Broken extends Base {}

    @State("STUCK")
    @Terminal(endsRound = true)
    public static final class Stuck extends Base {}
}
