package dev.agentfsm.tests.runtime;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/** A standalone agent like UFO's LinuxAgent, with its none state made explicit: an unknown status falls back to FAIL. No onError. */
public final class LinuxStates {
    private LinuxStates() {}

    @StateMachine(name = "LinuxAgent", initial = Continue.class, fallback = Fail.class)
    public abstract static class Base implements AgentState<LinuxAgent> {}

    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Fail.class, by = Trigger.LLM)
    public static final class Continue extends Base {
        @Override
        public void handle(LinuxAgent agent, Context context) throws Exception {
            agent.act(context);
        }
    }

    @State("FINISH")
    @Terminal(endsRound = true, endsSubtask = true)
    public static final class Finish extends Base {
        @Override
        public void handle(LinuxAgent agent, Context context) {
            agent.note(context);
        }
    }

    @State("FAIL")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {
        @Override
        public void handle(LinuxAgent agent, Context context) {
            agent.note(context);
        }
    }
}
