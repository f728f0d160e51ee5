package it.second;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;

/** The second module's machine. */
public final class BellStates {
    private BellStates() {}

    public static final class Bell extends BaseAgent {
        public Bell() { super("Bell"); }
    }

    @StateMachine(name = "Bell", initial = Quiet.class, description = "A bell")
    public abstract static class Base implements AgentState<Bell> {}

    @State("QUIET")
    @Transition(to = Ringing.class, by = Trigger.USER)
    public static final class Quiet extends Base {}

    @State("RINGING")
    @Terminal
    public static final class Ringing extends Base {}
}
