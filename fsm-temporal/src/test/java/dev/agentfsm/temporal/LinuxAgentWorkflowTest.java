package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LinuxAgent demo (recorded LLM replies, the real read-only shell of agents-linux) as a workflow:
 * it ends as the embedded round does; a worker stopped in the middle is replaced by another that
 * finishes the round, running no command twice; and the histories replay deterministically.
 */
@ExtendWith(TestServer.class)
class LinuxAgentWorkflowTest {
    @TempDir
    Path root;

    private WorkflowClient client;
    private String queue;
    private final List<String> sessions = new ArrayList<>();

    @BeforeEach
    void setUp(TestWorkflowEnvironment env) {
        client = env.getWorkflowClient();
        queue = TestServer.queue();
    }

    @AfterEach
    void endSessions() {
        TestServer.terminateRunning(client, sessions);
    }

    private SessionHandle start(String id) {
        sessions.add(id);
        return SessionClient.of(client, queue).start(id, SessionRequest.of("LinuxAgent", LinuxDemo.task()));
    }

    private RoundResult embedded() throws Exception {
        Path workspace = LinuxDemo.workspace(root.resolve("embedded"));
        return LinuxDemo.embedded(workspace, new LinuxDemo.Shell(workspace));
    }

    private static void assertSameEnd(RoundResult expected, RoundReport actual) {
        assertEquals(expected.outcome(), actual.outcome(), actual.reason());
        assertEquals(expected.reason(), actual.reason());
        assertEquals(expected.qualifiedPath(), actual.path());
        assertEquals(expected.result(), actual.result());
        assertEquals(expected.steps(), actual.steps());
    }

    @Test
    void theDemoEndsAsItDoesEmbeddedAndItsHistoryReplays() throws Exception {
        RoundResult expected = embedded();
        Path workspace = LinuxDemo.workspace(root.resolve("workflow"));
        LinuxDemo.Shell shell = new LinuxDemo.Shell(workspace);

        SessionReport report;
        try (TestServer.Worker worker = TestServer.worker(
                client, queue, (session, machine, user) -> LinuxAgent.builder(shell, LinuxDemo.replay())
                        .user(user)
                        .build())) {
            report = start("linux-demo").result();
            assertEquals(0, worker.sessions().sessions(), "the worker forgot the finished session");
        }

        assertEquals(1, report.rounds().size());
        assertSameEnd(expected, report.rounds().get(0));
        assertTrue(expected.completed(), expected.reason());
        assertEquals(4, shell.commands().size(), "the pipe was refused by the driver, the other three ran");

        WorkflowExecutionHistory history = client.fetchHistory("linux-demo");
        replay(history);
        replay(WorkflowExecutionHistory.fromJson(history.toJson(true)));
    }

    @Test
    void aReplayOfAHistoryTheCodeDoesNotMatchFails() throws Exception {
        Path workspace = LinuxDemo.workspace(root);
        try (TestServer.Worker worker = TestServer.worker(client, queue, (session, machine, user) -> LinuxAgent.builder(
                        new LinuxDemo.Shell(workspace), LinuxDemo.replay())
                .build())) {
            assertTrue(start("linux-tampered").result().rounds().get(0).completed());
            assertEquals(0, worker.sessions().sessions());
        }
        String json = client.fetchHistory("linux-tampered").toJson(false);
        // as if the workflow's code had scheduled another activity in its first step
        String tampered = json.replaceFirst("\"" + SessionActivities.RUN + ":", "\"agentfsm.SomethingElse:");
        assertTrue(!tampered.equals(json), "the history names " + SessionActivities.RUN);

        Exception e = assertThrows(Exception.class, () -> replay(WorkflowExecutionHistory.fromJson(tampered)));
        assertTrue(
                String.valueOf(e.getMessage()).contains("NonDeterministicException")
                        && e.getMessage().contains(SessionActivities.RUN),
                "the replay names the activity the code schedules: " + e.getMessage());
    }

    @Test
    void aWorkerStoppedMidRoundIsReplacedByAnotherThatFinishesIt() throws Exception {
        RoundResult expected = embedded();
        Path workspace = LinuxDemo.workspace(root.resolve("workflow"));
        LinuxDemo.Shell first = new LinuxDemo.Shell(workspace);
        LinuxDemo.Shell second = new LinuxDemo.Shell(workspace);
        // the model is a service both workers reach; the third call hangs until its worker is stopped
        StoppingModel model = new StoppingModel(LinuxDemo.replay(), 3);
        StepOptions quickToNotice = new StepOptions(
                Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofMillis(200), 3, 2);

        TestServer.Worker a = TestServer.replaceableWorker(
                client,
                queue,
                (session, machine, user) ->
                        LinuxAgent.builder(first, model).user(user).build(),
                builder -> builder.stepOptions(quickToNotice));
        SessionHandle session = start("linux-moved");
        assertTrue(model.hanging.await(30, TimeUnit.SECONDS), "the third step started on the first worker");
        assertEquals("LinuxAgent.CONTINUE", session.view().status());
        assertEquals(3, session.view().path().size());
        a.close();

        SessionReport report;
        try (TestServer.Worker b = TestServer.replaceableWorker(
                client,
                queue,
                (id, machine, user) ->
                        LinuxAgent.builder(second, model).user(user).build(),
                builder -> builder.stepOptions(quickToNotice))) {
            report = finished(session);
            assertEquals(0, b.sessions().sessions(), "the second worker forgot the finished session");
        }

        assertSameEnd(expected, report.rounds().get(0));
        List<String> ran = new ArrayList<>(first.commands());
        ran.addAll(second.commands());
        assertEquals(2, first.commands().size(), "the first worker ran steps 1 and 2");
        assertEquals(2, second.commands().size(), "the second worker ran steps 3 and 4");
        List<String> embeddedCommands = new ArrayList<>();
        LinuxDemo.Shell reference = new LinuxDemo.Shell(LinuxDemo.workspace(root.resolve("reference")));
        LinuxDemo.embedded(root.resolve("reference"), reference);
        embeddedCommands.addAll(reference.commands());
        assertEquals(embeddedCommands, ran, "each command ran once, in order, across the two workers");

        WorkflowExecutionHistory history = client.fetchHistory("linux-moved");
        assertEquals(2, opened(history), "the session was opened on the first worker, then on the second");
        replay(history);
    }

    /** The session's report, or a failure listing its history when it does not end within 40 seconds. */
    private SessionReport finished(SessionHandle session) {
        try {
            return session.result(Duration.ofSeconds(40));
        } catch (TimeoutException e) {
            StringBuilder events = new StringBuilder();
            for (HistoryEvent event : client.fetchHistory(session.id()).getEvents()) {
                events.append('\n').append(event.getEventId()).append(' ').append(event.getEventType());
                if (event.hasActivityTaskScheduledEventAttributes()) {
                    events.append(' ')
                            .append(event.getActivityTaskScheduledEventAttributes()
                                    .getActivityType()
                                    .getName())
                            .append(" on ")
                            .append(event.getActivityTaskScheduledEventAttributes()
                                    .getTaskQueue()
                                    .getName());
                }
                if (event.hasActivityTaskFailedEventAttributes()) {
                    events.append(' ')
                            .append(event.getActivityTaskFailedEventAttributes()
                                    .getFailure()
                                    .getMessage());
                }
                if (event.hasActivityTaskTimedOutEventAttributes()) {
                    events.append(' ')
                            .append(event.getActivityTaskTimedOutEventAttributes()
                                    .getFailure());
                }
            }
            throw new AssertionError("session " + session.id() + " did not end; its history:" + events, e);
        }
    }

    private static long opened(WorkflowExecutionHistory history) {
        return history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .map(HistoryEvent::getActivityTaskScheduledEventAttributes)
                .filter(a -> a.getActivityType().getName().equals(SessionActivities.OPEN))
                .count();
    }

    /** Replays {@code history} against this module's workflow code, as a new worker would. */
    private void replay(WorkflowExecutionHistory history) throws Exception {
        WorkerFactory factory = WorkerFactory.newInstance(client);
        try {
            SessionWorker.builder(factory, "replay-" + queue, (session, machine, user) -> {
                        throw new AssertionError("a replay runs no activity");
                    })
                    .register();
            Worker worker = factory.getWorker("replay-" + queue);
            WorkflowReplayer.replayWorkflowExecution(history, worker);
        } finally {
            factory.shutdownNow();
        }
    }

    /** The recorded model, except that call number {@code hangAt} hangs until its thread is interrupted. */
    private static final class StoppingModel implements LlmClient {
        private final ReplayLlmClient replies;
        private final int hangAt;
        private final AtomicInteger calls = new AtomicInteger();
        final CountDownLatch hanging = new CountDownLatch(1);

        StoppingModel(ReplayLlmClient replies, int hangAt) {
            this.replies = replies;
            this.hangAt = hangAt;
        }

        @Override
        public LlmReply complete(LlmRequest request) throws LlmException {
            if (calls.incrementAndGet() == hangAt) {
                hanging.countDown();
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new LlmException("the call was interrupted", e);
                }
            }
            return replies.complete(request);
        }
    }
}
