package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.Outcome;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A hundred sessions at once on two workers sharing a task queue: each ends with its own path and
 * result, each agent is created once (a session stays on the worker that took it), and both workers
 * end holding nothing.
 */
@ExtendWith(TestServer.class)
class ConcurrentSessionsTest {
    private static final int SESSIONS = 100;

    @Test
    void aHundredSessionsRunAtOnceEachWithItsOwnAgent(TestWorkflowEnvironment env) {
        WorkflowClient client = env.getWorkflowClient();
        String queue = TestServer.queue();
        Map<String, Counter.CounterAgent> agents = new ConcurrentHashMap<>();
        AtomicInteger created = new AtomicInteger();
        AgentFactory counters = (session, machine, user) -> {
            created.incrementAndGet();
            Counter.CounterAgent agent = new Counter.CounterAgent(target(session));
            agents.put(session, agent);
            return agent;
        };
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        try (TestServer.Worker one = TestServer.worker(client, queue, counters);
                TestServer.Worker two = TestServer.worker(client, queue, counters)) {
            SessionClient sessions = SessionClient.of(client, queue);
            List<SessionHandle> started = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i++) {
                String id = "count-" + i;
                ids.add(id);
                started.add(sessions.start(id, SessionRequest.of("Counter", "count")));
            }

            for (SessionHandle session : started) {
                RoundReport round = session.result().rounds().get(0);
                int target = target(session.id());
                assertEquals(Outcome.COMPLETED, round.outcome(), session.id() + ": " + round.reason());
                List<String> path = new ArrayList<>(Collections.nCopies(target, "Counter.COUNT"));
                path.add("Counter.FINISH");
                assertEquals(path, round.path(), session.id());
                assertEquals(Optional.of("counted to " + target), round.result(), session.id());
            }
            assertEquals(SESSIONS, created.get(), "one agent per session: none moved to the other worker");
            assertEquals(0, one.sessions().sessions() + two.sessions().sessions(), "both workers forgot every session");
        } finally {
            TestServer.terminateRunning(client, ids);
        }
    }

    /** Sessions count to 1 .. 5, so that their paths differ. */
    private static int target(String session) {
        return 1 + Integer.parseInt(session.substring(session.indexOf('-') + 1)) % 5;
    }
}
