package dev.agentfsm.benchmarks.sessions;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/**
 * The machine {@link SuspendedSessions} suspends: CHECK looks at a file on the device, ASK has the model
 * write a question about it and asks the user, who answers in another process; DONE. Each session
 * stops at ASK's question with one action and one model call behind it, which a resumed session must
 * not make again.
 */
public final class Cleanup {
    private Cleanup() {}

    @StateMachine(
            name = "Cleanup",
            initial = Check.class,
            description = "Looks at a file, asks the user whether to delete it, deletes it or keeps it")
    public abstract static class Base implements AgentState<CleanupAgent> {}

    @State(value = "CHECK", description = "Look at the file the request names")
    @Transition(to = Ask.class, by = Trigger.LLM)
    public static final class Check extends Base {
        @Override
        public void handle(CleanupAgent agent, Context context) throws Exception {
            agent.check(context);
        }
    }

    @State(value = "ASK", description = "Have the model write the question, ask the user, act on the answer")
    @Transition(to = Done.class, by = Trigger.USER, when = "the user answered")
    public static final class Ask extends Base {
        @Override
        public void handle(CleanupAgent agent, Context context) throws Exception {
            agent.ask(context);
        }
    }

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends Base {}
}
