package dev.agentfsm.tests.runtime;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/** A HostAgent as UFO's documents describe it, CONFIRM included, with an onError state that cleans up. */
public final class HostStates {
    private HostStates() {}

    @StateMachine(name = "HostAgent", initial = Continue.class, onError = Error.class)
    public abstract static class Base implements AgentState<HostAgent> {
        @Override
        public void handle(HostAgent agent, Context context) throws Exception {
            agent.act(context);
        }
    }

    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Assign.class, by = Trigger.LLM)
    @Transition(to = Pending.class, by = Trigger.LLM)
    @Transition(to = Confirm.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    public static final class Continue extends Base {}

    @State("ASSIGN")
    @Transition(to = AppStates.Continue.class, by = Trigger.SYSTEM)
    public static final class Assign extends Base {
        @Override
        public void handle(HostAgent agent, Context context) {
            agent.note(context);
            context.put(Context.SUBTASK, "subtask of " + context.get(Context.REQUEST).orElse("no request"));
        }

        public Next next(HostAgent agent, HostStates_AssignTransitions to) {
            return to.toAppAgentContinue(agent.app);
        }
    }

    @State("PENDING")
    @Transition(to = Continue.class, by = Trigger.USER)
    public static final class Pending extends Base {}

    @State("CONFIRM")
    @Transition(to = Continue.class, by = Trigger.USER, when = "approved")
    @Transition(to = Fail.class, by = Trigger.USER, when = "rejected")
    public static final class Confirm extends Base {}

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends Base {
        @Override
        public void handle(HostAgent agent, Context context) {
            agent.note(context);
        }
    }

    @State("FAIL")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {
        public Next next(HostAgent agent, HostStates_FailTransitions to) {
            return to.toFinish();
        }
    }

    /** Runs its script too, so that a test can make the onError state itself fail. */
    @State("ERROR")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Error extends Base {
        public Next next(HostAgent agent, HostStates_ErrorTransitions to) {
            return to.toFinish();
        }
    }
}
