package it.first;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;

/** The first module's machine. */
public final class LampStates {
    private LampStates() {}

    public static final class Lamp extends BaseAgent {
        public Lamp() { super("Lamp"); }
    }

    @StateMachine(name = "Lamp", initial = Off.class, description = "A lamp")
    public abstract static class Base implements AgentState<Lamp> {}

    @State("OFF")
    @Transition(to = On.class, by = Trigger.USER)
    public static final class Off extends Base {}

    @State("ON")
    @Terminal
    public static final class On extends Base {}
}
