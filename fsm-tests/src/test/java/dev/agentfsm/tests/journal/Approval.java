package dev.agentfsm.tests.journal;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/**
 * A machine for suspending at waits: ASK asks the user which table to drop (PENDING), DROP asks the
 * model for the command, then the user to approve it (CONFIRM) in the same step, and runs it on the
 * device only when approved.
 */
public final class Approval {
    private Approval() {}

    @StateMachine(
            name = "Approval",
            initial = Ask.class,
            onError = Fail.class,
            description = "Asks which table, then confirms the drop the model wrote")
    public abstract static class Base implements AgentState<ApprovalAgent> {}

    @State(value = "ASK", description = "Ask the user which table to drop")
    @Transition(to = Drop.class, by = Trigger.USER, when = "the user named a table")
    public static final class Ask extends Base {
        @Override
        public void handle(ApprovalAgent agent, Context context) {
            agent.ask(context);
        }
    }

    @State(value = "DROP", description = "Ask the model for the command, confirm it, run it when approved")
    @Transition(to = Finish.class, by = Trigger.USER, when = "approved and run, or rejected")
    public static final class Drop extends Base {
        @Override
        public void handle(ApprovalAgent agent, Context context) throws Exception {
            agent.drop(context);
        }
    }

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends Base {}

    @State(value = "FAIL", description = "A step threw; clean up into FINISH")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {}
}
