package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The same machine decides alike embedded and on Temporal, since both follow the runtime's one
 * decider: a Counter session run embedded (with a user's step interceptor counting its steps, which
 * changes nothing) and as a workflow on the Temporal test server end each round with the same
 * outcome, reason, path, steps, answer and error: completed, through {@code onError}, out of steps,
 * and on an unknown status.
 */
@ExtendWith(TestServer.class)
class SameDecisionsOnTemporalTest {

    /** A user's interceptor: counts the steps and the moves that came back up, and lets each step run. */
    private static final class StepCount implements StepInterceptor {
        final List<String> moves = new ArrayList<>();

        @Override
        public StepEnd intercept(Chain chain) {
            StepEnd end = chain.proceed();
            moves.add(end instanceof StepEnd.Moved moved ? moved.to().qualifiedName() : "end");
            return end;
        }
    }

    @Test
    void completedOnErrorStepLimitAndUnknownStatusEndAlike(TestWorkflowEnvironment env) {
        assertSameDecisions(
                env, Outcome.COMPLETED, config -> new Counter.CounterAgent(3, config), RuntimeConfig.defaults());
        assertSameDecisions(
                env,
                Outcome.ERROR,
                config -> new Counter.CounterAgent(3, config).failingAt(2),
                RuntimeConfig.defaults());
        assertSameDecisions(
                env,
                Outcome.STEP_LIMIT,
                config -> new Counter.CounterAgent(5, config),
                RuntimeConfig.parse("maxStep: 3"));
        assertSameDecisions(
                env,
                Outcome.UNKNOWN_STATUS,
                config -> new Counter.CounterAgent(2, config).asking("NOPE"),
                RuntimeConfig.defaults());
    }

    private static void assertSameDecisions(
            TestWorkflowEnvironment env,
            Outcome expected,
            Function<RuntimeConfig, Counter.CounterAgent> agent,
            RuntimeConfig config) {
        String name = expected.name();
        StepCount count = new StepCount();
        RoundResult embedded = Session.of(CounterStateManager.instance(), agent.apply(config))
                .interceptor(count)
                .build()
                .run(List.of("count"))
                .get(0);
        assertEquals(embedded.steps(), count.moves.size(), name + ": the interceptor saw every step");

        WorkflowClient client = env.getWorkflowClient();
        String queue = TestServer.queue();
        String id = "same-" + name.toLowerCase(java.util.Locale.ROOT);
        RoundReport onTemporal;
        try (TestServer.Worker worker =
                TestServer.worker(client, queue, (session, machine, user) -> agent.apply(config))) {
            onTemporal = SessionClient.of(client, queue)
                    .start(id, SessionRequest.of("Counter", "count"))
                    .result()
                    .rounds()
                    .get(0);
            assertEquals(0, worker.sessions().sessions(), name + ": the worker forgot the session");
        } finally {
            TestServer.terminateRunning(client, List.of(id));
        }
        assertEquals(expected, embedded.outcome(), name + ": " + embedded.reason());
        assertEquals(embedded.outcome(), onTemporal.outcome(), name + ": " + onTemporal.reason());
        assertEquals(embedded.reason(), onTemporal.reason(), name);
        assertEquals(embedded.qualifiedPath(), onTemporal.path(), name);
        assertEquals(embedded.finalStatus().qualifiedName(), onTemporal.finalStatus(), name);
        assertEquals(embedded.steps(), onTemporal.steps(), name);
        assertEquals(embedded.result(), onTemporal.result(), name);
        assertEquals(embedded.error().map(Throwable::toString), onTemporal.error(), name);
    }
}
