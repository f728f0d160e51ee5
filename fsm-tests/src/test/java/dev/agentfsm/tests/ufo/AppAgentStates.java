package dev.agentfsm.tests.ufo;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Next;

/**
 * UFO's AppAgent as its document specifies it, with the hand-backs to the HostAgent: FINISH and FAIL
 * to the host's CONTINUE (FINISH to its FINISH in follower mode), ERROR to its FINISH. Its working
 * states play the agent's script; its terminal states archive the subtask for the host.
 */
public final class AppAgentStates {
    private AppAgentStates() {}

    @StateMachine(name = "AppAgent", initial = Continue.class, onError = Error.class)
    public abstract static class Base implements AgentState<AppAgent> {
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
            context.archive(new ArchivedSubtask(
                    context.get(Context.SUBTASK).orElse(""),
                    agent.status(),
                    context.get(Context.ROUND_RESULT).orElse("")));
        }
    }

    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Screenshot.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Fail.class, by = Trigger.LLM)
    @Transition(to = Pending.class, by = Trigger.LLM)
    @Transition(to = Confirm.class, by = Trigger.LLM)
    @Transition(to = Error.class, by = Trigger.SYSTEM)
    public static final class Continue extends Base {}

    @State("SCREENSHOT")
    @Transition(to = Screenshot.class, by = Trigger.SYSTEM, when = "more controls to re-annotate")
    @Transition(to = Continue.class, by = Trigger.SYSTEM, when = "done")
    public static final class Screenshot extends Base {}

    @State("PENDING")
    @Transition(to = Continue.class, by = Trigger.USER)
    public static final class Pending extends Base {}

    @State("CONFIRM")
    @Transition(to = Continue.class, by = Trigger.USER, when = "approved")
    @Transition(to = Finish.class, by = Trigger.USER, when = "rejected")
    public static final class Confirm extends Base {}

    @State("FINISH")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostAgentStates.Continue.class, by = Trigger.SYSTEM)
    @Transition(to = HostAgentStates.Finish.class, by = Trigger.SYSTEM, when = "follower mode")
    public static final class Finish extends Archiving {
        public Next next(AppAgent agent, AppAgentMoves.Finish to) {
            return agent.follower ? to.toHostAgentFinish(agent.host) : to.toHostAgentContinue(agent.host);
        }
    }

    @State("FAIL")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostAgentStates.Continue.class, by = Trigger.SYSTEM, when = "the host may retry")
    public static final class Fail extends Archiving {
        public Next next(AppAgent agent, AppAgentMoves.Fail to) {
            return to.toHostAgentContinue(agent.host);
        }
    }

    @State("ERROR")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostAgentStates.Finish.class, by = Trigger.SYSTEM)
    public static final class Error extends Archiving {
        public Next next(AppAgent agent, AppAgentMoves.Error to) {
            return to.toHostAgentFinish(agent.host);
        }
    }
}
