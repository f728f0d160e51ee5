package example.lamp;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** Statuses named like members of the generated types: the generated code must still compile. */
public final class Clash {
    private Clash() {}

    @StateMachine(name = "Clash", initial = ByName.class, fallback = Statuses.class)
    public abstract static class Base implements AgentState<Agent> {}

    @State("BY_NAME")
    @Transition(to = Statuses.class, by = Trigger.LLM)
    @Transition(to = Instance.class, by = Trigger.LLM)
    public static final class ByName extends Base {}

    @State("STATUSES")
    @Transition(to = Instance.class, by = Trigger.SYSTEM)
    public static final class Statuses extends Base {}

    @State("INSTANCE")
    @Terminal(endsRound = true)
    public static final class Instance extends Base {}
}
