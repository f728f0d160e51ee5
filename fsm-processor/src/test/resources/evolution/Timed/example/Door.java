package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Timeout;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** A committed version whose AJAR times out: the baseline of {@code TimeoutRetargeted}. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Ajar.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("AJAR")
    @Timeout(after = "PT1H", to = Broken.class)
    @Transition(to = Open.class, by = Trigger.USER)
    @Transition(to = Broken.class, by = Trigger.TIMEOUT)
    public static final class Ajar extends Base {}

    @State("BROKEN")
    @Terminal(endsRound = true)
    public static final class Broken extends Base {}
}
