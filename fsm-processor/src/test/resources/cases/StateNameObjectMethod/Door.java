package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** A move to STRING would be the helper method toString(), which every object has. */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("OPEN")
    @Transition(to = Text.class, by = Trigger.USER)
    public static final class Open extends Base {}

    @State("STRING")
    @Terminal(endsRound = true)
    public static final class Text extends Base {}
}
