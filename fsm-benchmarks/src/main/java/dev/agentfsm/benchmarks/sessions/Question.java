package dev.agentfsm.benchmarks.sessions;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/** The machine {@link WaitingSessions} parks: ASK puts a question to the user, PENDING waits for the answer. */
public final class Question {
    private Question() {}

    @StateMachine(name = "Question", initial = Ask.class, description = "Asks the user, waits, finishes")
    public abstract static class Base implements AgentState<QuestionAgent> {}

    @State("ASK")
    @Transition(to = Pending.class, by = Trigger.LLM)
    public static final class Ask extends Base {
        @Override
        public void handle(QuestionAgent agent, Context context) {
            agent.ask(context);
        }
    }

    @State("PENDING")
    @Transition(to = Done.class, by = Trigger.USER)
    public static final class Pending extends Base {
        @Override
        public void handle(QuestionAgent agent, Context context) throws InterruptedException {
            agent.awaitAnswer(context);
        }
    }

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends Base {}
}
