package dev.agentfsm.tests.runtime;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.ArchivedSubtask;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/** An AppAgent that hands back to its host: FINISH and FAIL to the host's CONTINUE, ERROR to its FINISH. */
public final class AppStates {
    private AppStates() {}

    @StateMachine(name = "AppAgent", initial = Continue.class, onError = Error.class)
    public abstract static class Base implements AgentState<AppAgent> {}

    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Fail.class, by = Trigger.LLM)
    public static final class Continue extends Base {
        @Override
        public void handle(AppAgent agent, Context context) throws Exception {
            agent.act(context);
        }
    }

    /** The terminal states archive the subtask for the host: their handle is the exit action. */
    abstract static class Archiving extends Base {
        @Override
        public void handle(AppAgent agent, Context context) {
            agent.note(context);
            context.archive(new ArchivedSubtask(context.get(Context.SUBTASK).orElse(""), agent.status(),
                    context.get(Context.ROUND_RESULT).orElse("")));
        }
    }

    @State("FINISH")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostStates.Continue.class, by = Trigger.SYSTEM)
    public static final class Finish extends Archiving {
        public Next next(AppAgent agent, AppStates_FinishTransitions to) {
            return to.toHostAgentContinue(agent.host);
        }
    }

    @State("FAIL")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostStates.Continue.class, by = Trigger.SYSTEM, when = "the host may retry")
    public static final class Fail extends Archiving {
        public Next next(AppAgent agent, AppStates_FailTransitions to) {
            return to.toHostAgentContinue(agent.host);
        }
    }

    @State("ERROR")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostStates.Finish.class, by = Trigger.SYSTEM)
    public static final class Error extends Archiving {
        public Next next(AppAgent agent, AppStates_ErrorTransitions to) {
            return to.toHostAgentFinish(agent.host);
        }
    }
}
