package dev.agentfsm.tests.ufo;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * UFO's HostAgent as its document specifies it (not as its code does), nested to show nested states work.
 * Its working states play the agent's script, so that a runtime test decides what each one does,
 * the onError state included (a test can make it fail too).
 */
public final class HostAgentStates {
    private HostAgentStates() {}

    @StateMachine(
            name = "HostAgent",
            initial = Continue.class,
            onError = Error.class,
            description = "Orchestrates a task: picks an application and hands subtasks to its AppAgent")
    public abstract static class Base implements AgentState<HostAgent> {
        @Override
        public void handle(HostAgent agent, Context context) throws Exception {
            agent.act(context);
        }
    }

    @State(value = "CONTINUE", description = "Run the agent's four-phase step")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Assign.class, by = Trigger.LLM, when = "an application was selected")
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Pending.class, by = Trigger.LLM)
    @Transition(to = Confirm.class, by = Trigger.LLM)
    @Transition(to = Error.class, by = Trigger.SYSTEM)
    public static final class Continue extends Base {}

    @State(value = "ASSIGN", description = "Create or reuse the AppAgent and hand off")
    @Transition(to = AppAgentStates.Continue.class, by = Trigger.SYSTEM)
    public static final class Assign extends Base {
        @Override
        public void handle(HostAgent agent, Context context) {
            agent.note(context);
            context.put(
                    Context.SUBTASK,
                    "subtask of " + context.get(Context.REQUEST).orElse("no request"));
        }

        public Next next(HostAgent agent, HostAgentMoves.Assign to) {
            return to.toAppAgentContinue(agent.app);
        }
    }

    @State("PENDING")
    @Transition(to = Continue.class, by = Trigger.USER)
    @Transition(to = Fail.class, by = Trigger.TIMEOUT)
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
    public static final class Fail extends Base {}

    @State("ERROR")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Error extends Base {}
}
