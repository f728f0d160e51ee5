package dev.agentfsm.temporal;

import static dev.agentfsm.temporal.SessionViews.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.runtime.Outcome;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.UpdateWorkflowExecutionLifecycleStage;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.update.v1.UpdateRef;
import io.temporal.api.update.v1.WaitPolicy;
import io.temporal.api.workflowservice.v1.PollWorkflowExecutionUpdateRequest;
import io.temporal.client.UpdateOptions;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.client.WorkflowUpdateStage;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A reply that reaches the session in the same workflow task as the end of its wait (the timer of
 * the question's wait fired while no worker ran the workflow, and the answer came before one did):
 * the session took the time-out, so the reply must be refused, saying so, rather than accepted (the
 * user told it was taken) and then dropped, or kept for the next question.
 */
@ExtendWith(TestServer.class)
class ReplyAsTheWaitEndsTest {
    /**
     * A step its worker does not start within 10 s moves the session, so the test need not wait a minute; a live
     * worker heartbeats well within that on a loaded machine (the SDK sends them at 80% of the time-out).
     */
    private static final StepOptions QUICK_TO_MOVE = new StepOptions(
            Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofMillis(200), 3, 2);

    private static final String ID = "ticket-answered-as-it-expired";
    private static final String UPDATE = "late-answer";

    private TestWorkflowEnvironment env;
    private WorkflowClient client;
    private String queue;
    private final Map<String, Ticket.TicketAgent> agents = new ConcurrentHashMap<>();

    @BeforeEach
    void setUp(TestWorkflowEnvironment server) {
        env = server;
        client = env.getWorkflowClient();
        queue = TestServer.queue();
    }

    @AfterEach
    void terminate() {
        TestServer.terminateRunning(client, List.of(ID));
    }

    private TestServer.Worker worker(String name) {
        return TestServer.replaceableWorker(
                client,
                queue,
                (session, machine, user) -> {
                    Ticket.TicketAgent agent = new Ticket.TicketAgent(user);
                    agents.put(name, agent);
                    return agent;
                },
                builder -> builder.stepOptions(QUICK_TO_MOVE));
    }

    @Test
    void aReplyInTheSameWorkflowTaskAsItsWaitsEndIsRefusedNotAcceptedAndLost() throws Exception {
        SessionHandle session;
        try (TestServer.Worker first = worker("first")) {
            session = SessionClient.of(client, queue).start(ID, SessionRequest.of("Ticket", "ship"));
            until(session, view -> view.waiting().isPresent());
        }
        // no worker runs the workflow: the question's hour passes (its timer fires), then the answer comes
        // no worker runs the workflow: the question's hour passes, to the instant its timer fires (a workflow
        // task that no worker takes holds the server's clock there), and then the answer comes
        env.sleep(untilTheTimerFires());
        awaitEvent(EventType.EVENT_TYPE_TIMER_FIRED);
        CompletableFuture<String> answered = CompletableFuture.supplyAsync(() -> client.newUntypedWorkflowStub(ID)
                .startUpdate(
                        UpdateOptions.newBuilder(String.class)
                                .setUpdateName("answer")
                                .setUpdateId(UPDATE)
                                .setWaitForStage(WorkflowUpdateStage.ACCEPTED)
                                .build(),
                        "XL")
                .getResult());
        awaitAdmitted();

        SessionReport report;
        try (TestServer.Worker second = worker("second")) {
            report = session.result(Duration.ofSeconds(60));
        }
        RoundReport round = report.rounds().get(0);
        ExecutionException refused = assertThrows(
                ExecutionException.class,
                () -> answered.get(60, TimeUnit.SECONDS),
                () -> "the answer XL was accepted (its update returned the question), and then the round went "
                        + round.path() + " as if nobody had answered");
        WorkflowUpdateException update = assertInstanceOf(WorkflowUpdateException.class, refused.getCause());
        assertEquals(
                "session " + ID + " waited for an answer to \"Which size?\" for PT1H, and the wait is over: the"
                        + " state goes on without it",
                ((ApplicationFailure) update.getCause()).getOriginalMessage());
        assertEquals(Outcome.COMPLETED, round.outcome(), round.reason());
        assertEquals(List.of("Ticket.ASK", "Ticket.EXPIRED"), round.path());
        assertEquals("", agents.get("second").size, "the second worker ran ASK with the time-out, not with XL");
    }

    /** How long the server's clock has to go until the session's last timer fires. */
    private Duration untilTheTimerFires() {
        HistoryEvent started = client.fetchHistory(ID).getEvents().stream()
                .filter(event -> event.getEventType() == EventType.EVENT_TYPE_TIMER_STARTED)
                .reduce((first, second) -> second)
                .orElseThrow();
        com.google.protobuf.Duration after =
                started.getTimerStartedEventAttributes().getStartToFireTimeout();
        Instant fires = Instant.ofEpochSecond(
                        started.getEventTime().getSeconds(),
                        started.getEventTime().getNanos())
                .plusSeconds(after.getSeconds())
                .plusNanos(after.getNanos());
        return Duration.between(Instant.ofEpochMilli(env.currentTimeMillis()), fires);
    }

    private void awaitEvent(EventType type) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (client.fetchHistory(ID).getEvents().stream().noneMatch(event -> event.getEventType() == type)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("session " + ID + " never had a " + type);
            }
            Thread.sleep(20);
        }
    }

    /** Waits until the server has the update (admitted, not yet given to a worker, since none runs). */
    private void awaitAdmitted() throws InterruptedException {
        PollWorkflowExecutionUpdateRequest poll = PollWorkflowExecutionUpdateRequest.newBuilder()
                .setNamespace(client.getOptions().getNamespace())
                .setUpdateRef(UpdateRef.newBuilder()
                        .setWorkflowExecution(
                                WorkflowExecution.newBuilder().setWorkflowId(ID).build())
                        .setUpdateId(UPDATE)
                        .build())
                .setWaitPolicy(WaitPolicy.newBuilder()
                        .setLifecycleStage(
                                UpdateWorkflowExecutionLifecycleStage
                                        .UPDATE_WORKFLOW_EXECUTION_LIFECYCLE_STAGE_ADMITTED)
                        .build())
                .build();
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                client.getWorkflowServiceStubs().blockingStub().pollWorkflowExecutionUpdate(poll);
                return;
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.NOT_FOUND || System.nanoTime() > end) {
                    throw e;
                }
            }
            Thread.sleep(20);
        }
    }
}
