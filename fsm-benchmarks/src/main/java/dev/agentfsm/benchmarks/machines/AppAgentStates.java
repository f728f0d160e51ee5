package dev.agentfsm.benchmarks.machines;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/** UFO's AppAgent with the table of the agents-windows issue, hand-backs included, for the benchmarks. */
public final class AppAgentStates {
    private AppAgentStates() {}

    /** The machine's base type. */
    @StateMachine(name = "AppAgent", initial = Continue.class, onError = Error.class)
    public abstract static class Base implements AgentState<AppAgent> {}

    /** Works on the application: the LLM picks the next status. */
    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Screenshot.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Fail.class, by = Trigger.LLM)
    @Transition(to = Pending.class, by = Trigger.LLM)
    @Transition(to = Confirm.class, by = Trigger.LLM)
    @Transition(to = Error.class, by = Trigger.SYSTEM)
    public static final class Continue extends Base {
        @Override
        public void handle(AppAgent agent, Context context) {
            agent.setStatus(AppAgentStatus.parse(agent.llm().next()).orElseThrow());
        }
    }

    /** Re-annotates the screenshot until no control waits. */
    @State("SCREENSHOT")
    @Transition(to = Screenshot.class, by = Trigger.SYSTEM, when = "more controls to re-annotate")
    @Transition(to = Continue.class, by = Trigger.SYSTEM, when = "done")
    @Transition(
            to = Fail.class,
            by = Trigger.SYSTEM,
            when = "a control is still missing after maxReannotate re-annotations")
    public static final class Screenshot extends Base {}

    /** Waits for the user. */
    @State("PENDING")
    @Transition(to = Continue.class, by = Trigger.USER)
    public static final class Pending extends Base {}

    /** Asks the user before the action runs. */
    @State("CONFIRM")
    @Transition(to = Continue.class, by = Trigger.USER, when = "approved")
    @Transition(to = Finish.class, by = Trigger.USER, when = "rejected")
    public static final class Confirm extends Base {}

    /** The subtask is done: back to the host. */
    @State("FINISH")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostAgentStates.Continue.class, by = Trigger.SYSTEM)
    @Transition(to = HostAgentStates.Finish.class, by = Trigger.SYSTEM, when = "follower mode")
    public static final class Finish extends Base {
        /** Hands control back to the host, which continues. */
        public Next next(AppAgent agent, AppAgentMoves.Finish to) {
            return to.toHostAgentContinue(agent.hostAgent());
        }
    }

    /** The subtask failed: the host may retry. */
    @State("FAIL")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostAgentStates.Continue.class, by = Trigger.SYSTEM, when = "the host may retry")
    public static final class Fail extends Base {
        /** Hands control back to the host. */
        public Next next(AppAgent agent, AppAgentMoves.Fail to) {
            return to.toHostAgentContinue(agent.hostAgent());
        }
    }

    /** An error: the host finishes. */
    @State("ERROR")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = HostAgentStates.Finish.class, by = Trigger.SYSTEM)
    @SuppressWarnings("JavaLangClash") // named for UFO's ERROR like its siblings; nothing here means java.lang.Error
    public static final class Error extends Base {
        /** Hands control back to the host, which finishes. */
        public Next next(AppAgent agent, AppAgentMoves.Error to) {
            return to.toHostAgentFinish(agent.hostAgent());
        }
    }
}
