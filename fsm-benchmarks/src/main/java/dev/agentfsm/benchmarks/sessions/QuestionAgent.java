package dev.agentfsm.benchmarks.sessions;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Event;
import dev.agentfsm.runtime.RuntimeConfig;
import java.util.concurrent.CountDownLatch;

/**
 * The agent of {@link Question}: asks whether to delete a file (the question in the context, as an agent
 * keeps what it asked), then waits in PENDING for the user's answer, an event in the session's inbox.
 */
public final class QuestionAgent extends BaseAgent {
    static final Context.Key<String> QUESTION = Context.Key.of("question.asked");

    private final CountDownLatch waiting;

    /** @param waiting counted down as the agent starts waiting for its answer */
    QuestionAgent(RuntimeConfig config, CountDownLatch waiting) {
        super("Question", config);
        this.waiting = waiting;
    }

    void ask(Context context) {
        context.put(
                QUESTION,
                "Delete " + context.get(Context.REQUEST).orElse("") + "? It is 12 MB and was last read a year ago.");
        setStatus(QuestionStatus.PENDING);
    }

    void awaitAnswer(Context context) throws InterruptedException {
        waiting.countDown();
        Event answer = context.inbox().await();
        blackboard().addQuestion(context.get(QUESTION).orElse(""), answer.payload());
        setStatus(QuestionStatus.DONE);
    }
}
