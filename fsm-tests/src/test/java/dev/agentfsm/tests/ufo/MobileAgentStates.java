package dev.agentfsm.tests.ufo;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;

/** UFO's MobileAgent with its none state made explicit: an unknown status falls back to FAIL. */
public final class MobileAgentStates {
    private MobileAgentStates() {}

    @StateMachine(name = "MobileAgent", initial = Continue.class, fallback = Fail.class, onError = Fail.class)
    public abstract static class Base implements AgentState<MobileAgent> {}

    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Fail.class, by = Trigger.LLM)
    public static final class Continue extends Base {}

    @State("FINISH")
    @Terminal(endsRound = true, endsSubtask = true)
    public static final class Finish extends Base {}

    @State("FAIL")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {}
}
