package dev.agentfsm.temporal;

import static dev.agentfsm.temporal.SessionViews.until;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The embedded runtime's "suspend at a wait, answer later, in another process" on Temporal: a session
 * waits at its question while its worker goes away (nothing holds it: the wait is the workflow's), and a
 * later process, with a client of its own, answers it; a new worker takes the session and finishes it.
 */
@ExtendWith(TestServer.class)
class WaitWithoutAWorkerTest {
    /**
     * A step its worker does not start within 10 s moves the session, so the test need not wait a minute; a live
     * worker heartbeats well within that on a loaded machine (the SDK sends them at 80% of the time-out).
     */
    private static final StepOptions QUICK_TO_MOVE = new StepOptions(
            Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofMillis(200), 3, 2);

    private TestWorkflowEnvironment env;
    private String queue;
    private final Map<String, Map<String, Ticket.TicketAgent>> agentsByWorker = new ConcurrentHashMap<>();

    @BeforeEach
    void setUp(TestWorkflowEnvironment server) {
        env = server;
        queue = TestServer.queue();
    }

    @AfterEach
    void terminate() {
        TestServer.terminateRunning(env.getWorkflowClient(), List.of("ticket-parked"));
    }

    /** A worker process: its agents are its own, as a JVM's would be. */
    private TestServer.Worker worker(String name) {
        Map<String, Ticket.TicketAgent> agents = agentsByWorker.computeIfAbsent(name, n -> new ConcurrentHashMap<>());
        return TestServer.replaceableWorker(
                env.getWorkflowClient(),
                queue,
                (session, machine, user) -> {
                    Ticket.TicketAgent agent = new Ticket.TicketAgent(user);
                    agents.put(session, agent);
                    return agent;
                },
                builder -> builder.stepOptions(QUICK_TO_MOVE));
    }

    @Test
    void aSessionWaitsAtItsQuestionWithNoWorkerAndALaterProcessAnswersIt() throws Exception {
        SessionHandle started;
        try (TestServer.Worker first = worker("first")) {
            started = SessionClient.of(env.getWorkflowClient(), queue)
                    .start("ticket-parked", SessionRequest.of("Ticket", "ship"));
            until(started, view -> view.waiting().isPresent());
        } // the first worker's JVM goes away while the session waits
        assertEquals(1, agentsByWorker.get("first").get("ticket-parked").asks.get());

        // a later process: a client and a worker of its own
        WorkflowClient later = WorkflowClient.newInstance(env.getWorkflowServiceStubs());
        SessionReport report;
        try (TestServer.Worker second = worker("second")) {
            SessionHandle session = SessionClient.of(later, queue).attach("ticket-parked");
            assertEquals(
                    Asked.Kind.QUESTION, session.view().waiting().orElseThrow().kind());
            long answered = System.nanoTime();
            assertEquals(Ticket.QUESTION, session.answer("XL"));
            SessionView confirming = until(session, view -> view.waiting()
                    .map(Asked::kind)
                    .filter(Asked.Kind.CONFIRMATION::equals)
                    .isPresent());
            long millis = Duration.ofNanos(System.nanoTime() - answered).toMillis();
            System.out.println("answer to the next wait, the session moved to a new worker: " + millis + " ms");
            assertEquals("ship size XL", confirming.waiting().orElseThrow().prompt());
            session.confirm(Decision.APPROVED);
            report = session.result(Duration.ofSeconds(60));
        }

        RoundReport round = report.rounds().get(0);
        assertEquals(Outcome.COMPLETED, round.outcome(), round.reason());
        assertEquals(List.of("Ticket.ASK", "Ticket.CONFIRM", "Ticket.DONE"), round.path());
        assertEquals(Optional.of("shipped size XL"), round.result());
        assertEquals(1, agentsByWorker.get("first").get("ticket-parked").asks.get(), "the first worker asked once");
        assertEquals(
                1,
                agentsByWorker.get("second").get("ticket-parked").asks.get(),
                "the second ran ASK once, with the answer given");
    }
}
