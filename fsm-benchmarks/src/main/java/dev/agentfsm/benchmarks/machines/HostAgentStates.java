package dev.agentfsm.benchmarks.machines;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * UFO's HostAgent with the table of the agents-windows issue, for the benchmarks. Its handlers do
 * no work beyond what decides the path: CONTINUE takes the LLM's status, ASSIGN selects the app.
 */
public final class HostAgentStates {
    private HostAgentStates() {}

    /** The machine's base type. */
    @StateMachine(name = "HostAgent", initial = Continue.class, onError = Error.class)
    public abstract static class Base implements AgentState<HostAgent> {}

    /** Orchestrates: the LLM picks the next status. */
    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Assign.class, by = Trigger.LLM, when = "an application was selected")
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Pending.class, by = Trigger.LLM)
    @Transition(to = Confirm.class, by = Trigger.LLM)
    @Transition(to = Error.class, by = Trigger.SYSTEM)
    public static final class Continue extends Base {
        @Override
        public void handle(HostAgent agent, Context context) {
            agent.setStatus(HostAgentStatus.parse(agent.llm().next()).orElseThrow());
        }
    }

    /** Selects the application's agent and hands control to it. */
    @State("ASSIGN")
    @Transition(to = AppAgentStates.Continue.class, by = Trigger.SYSTEM)
    public static final class Assign extends Base {
        @Override
        public void handle(HostAgent agent, Context context) {
            agent.assignNext();
        }

        /** Hands off to the agent {@link #handle} selected. */
        public Next next(HostAgent agent, HostAgentMoves.Assign to) {
            return to.toAppAgentContinue(agent.active());
        }
    }

    /** Waits for the user. */
    @State("PENDING")
    @Transition(to = Continue.class, by = Trigger.USER)
    @Transition(to = Fail.class, by = Trigger.TIMEOUT)
    public static final class Pending extends Base {}

    /** Asks the user to approve. */
    @State("CONFIRM")
    @Transition(to = Continue.class, by = Trigger.USER, when = "approved")
    @Transition(to = Fail.class, by = Trigger.USER, when = "rejected")
    public static final class Confirm extends Base {}

    /** The task is done. */
    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends Base {}

    /** The task failed; clean up. */
    @State("FAIL")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {}

    /** An error; clean up. */
    @State("ERROR")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    @SuppressWarnings("JavaLangClash") // named for UFO's ERROR like its siblings; nothing here means java.lang.Error
    public static final class Error extends Base {}
}
