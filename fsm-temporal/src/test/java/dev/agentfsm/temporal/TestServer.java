package dev.agentfsm.temporal;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.api.workflowservice.v1.ListClosedWorkflowExecutionsRequest;
import io.temporal.api.workflowservice.v1.ListOpenWorkflowExecutionsRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowStub;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One in-process Temporal test server (time skipping) for every test class of the module that
 * extends with it: started before the first such class, closed when the test run ends. Each test
 * starts its own workers on a task queue of its own; a test method or a {@code @BeforeEach} gets the
 * server as a {@code TestWorkflowEnvironment} parameter.
 */
final class TestServer implements BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TestServer.class);

    /** The environment, closed by JUnit with the root context. */
    private record Environment(TestWorkflowEnvironment env) implements AutoCloseable {
        @Override
        public void close() {
            env.close();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot()
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent(
                        Environment.class,
                        key -> new Environment(TestWorkflowEnvironment.newInstance()),
                        Environment.class);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TestWorkflowEnvironment.class;
    }

    /** The test server, for a test's {@code TestWorkflowEnvironment} parameter. */
    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .get(Environment.class, Environment.class)
                .env();
    }

    /** A task queue no other test uses. */
    static String queue() {
        return "sessions-" + UUID.randomUUID();
    }

    /**
     * Terminates those of {@code sessions} still running. A test ends its sessions itself; this is
     * for one that failed half-way: a workflow left without its worker keeps a workflow task open,
     * and the test server does not skip time while one is open, which would stall the next test.
     */
    static void terminateRunning(WorkflowClient client, Collection<String> sessions) {
        for (String session : sessions) {
            WorkflowStub stub = client.newUntypedWorkflowStub(session);
            try {
                if (stub.describe().getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING) {
                    stub.terminate("the test ended");
                }
            } catch (WorkflowNotFoundException e) {
                // never started
            }
        }
    }

    /**
     * The report of a session that waits on a timer the server should skip. Time skipping makes that
     * quick; when the report has not come after 20 s of wall time, the server is not skipping time:
     * the test prints what holds its clock ({@link #timeLocks}), waits 25 s more, and then fails
     * naming it rather than running into the JUnit time-out with only a stack trace.
     */
    static SessionReport skippedResult(WorkflowClient client, SessionHandle session) {
        try {
            return session.result(Duration.ofSeconds(20));
        } catch (TimeoutException slow) {
            String locks = timeLocks(client);
            System.err.println("session " + session.id() + " has not ended after 20 s: the test server is not"
                    + " skipping time; what can hold its clock:\n" + locks);
            try {
                return session.result(Duration.ofSeconds(25));
            } catch (TimeoutException stuck) {
                throw new AssertionError(
                        "session " + session.id() + " did not end within 45 s: the test server did not skip"
                                + " time; what can hold its clock:\n" + timeLocks(client),
                        stuck);
            }
        }
    }

    /**
     * What can keep the test server from skipping time: every workflow on it with an activity that
     * has not ended (the server skips no time while an activity is scheduled or running, and a workflow
     * that ends first leaves that lock held for good), then every workflow still running (an open
     * workflow task holds the clock too). One line each; "none" when nothing is found.
     */
    static String timeLocks(WorkflowClient client) {
        String namespace = client.getOptions().getNamespace();
        var service = client.getWorkflowServiceStubs().blockingStub();
        List<WorkflowExecutionInfo> workflows = new ArrayList<>();
        workflows.addAll(service.listClosedWorkflowExecutions(ListClosedWorkflowExecutionsRequest.newBuilder()
                        .setNamespace(namespace)
                        .build())
                .getExecutionsList());
        List<WorkflowExecutionInfo> open = service.listOpenWorkflowExecutions(
                        ListOpenWorkflowExecutionsRequest.newBuilder()
                                .setNamespace(namespace)
                                .build())
                .getExecutionsList();
        workflows.addAll(open);
        List<String> lines = new ArrayList<>();
        for (WorkflowExecutionInfo workflow : workflows) {
            String id = workflow.getExecution().getWorkflowId();
            String run = workflow.getExecution().getRunId();
            for (String activity :
                    unendedActivities(client.fetchHistory(id, run).getEvents())) {
                lines.add(
                        "workflow " + id + " (" + workflow.getStatus() + "): activity " + activity + " has not ended");
            }
        }
        for (WorkflowExecutionInfo workflow : open) {
            lines.add("workflow " + workflow.getExecution().getWorkflowId() + " is still running");
        }
        return lines.isEmpty() ? "none" : String.join("\n", lines);
    }

    /** The activities scheduled in {@code events} with no event that ends them, as "type (event N)". */
    private static List<String> unendedActivities(List<HistoryEvent> events) {
        Map<Long, String> pending = new LinkedHashMap<>();
        for (HistoryEvent event : events) {
            EventType type = event.getEventType();
            if (type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
                pending.put(
                        event.getEventId(),
                        event.getActivityTaskScheduledEventAttributes()
                                        .getActivityType()
                                        .getName()
                                + " (event " + event.getEventId() + ")");
            } else if (type == EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) {
                pending.remove(event.getActivityTaskCompletedEventAttributes().getScheduledEventId());
            } else if (type == EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED) {
                pending.remove(event.getActivityTaskFailedEventAttributes().getScheduledEventId());
            } else if (type == EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT) {
                pending.remove(event.getActivityTaskTimedOutEventAttributes().getScheduledEventId());
            } else if (type == EventType.EVENT_TYPE_ACTIVITY_TASK_CANCELED) {
                pending.remove(event.getActivityTaskCanceledEventAttributes().getScheduledEventId());
            }
        }
        return List.copyOf(pending.values());
    }

    /** A worker process: its own factory on the test server, running sessions with agents from {@code agents}. */
    static Worker worker(WorkflowClient client, String queue, AgentFactory agents) {
        return worker(client, queue, agents, UnaryOperator.identity());
    }

    static Worker worker(
            WorkflowClient client, String queue, AgentFactory agents, UnaryOperator<SessionWorker.Builder> configure) {
        WorkerFactory factory = WorkerFactory.newInstance(client);
        SessionWorker sessions =
                configure.apply(SessionWorker.builder(factory, queue, agents)).register();
        factory.start();
        return new Worker(factory, sessions);
    }

    /**
     * A worker that keeps no workflow on a queue of its own (no sticky execution), so that another
     * worker can go on with its workflows when it is stopped: the real server falls back from a dead
     * worker's sticky queue after its schedule-to-start time-out, the test server never does.
     */
    static Worker replaceableWorker(
            WorkflowClient client, String queue, AgentFactory agents, UnaryOperator<SessionWorker.Builder> configure) {
        WorkerOptions noSticky = WorkerOptions.newBuilder()
                .setStickyQueueScheduleToStartTimeout(Duration.ZERO)
                .build();
        return worker(client, queue, agents, builder -> configure.apply(builder).workerOptions(noSticky));
    }

    /** Replays {@code history} against this module's workflow code, as a new worker would; a replay runs no activity. */
    static void replay(WorkflowClient client, WorkflowExecutionHistory history) throws Exception {
        WorkerFactory factory = WorkerFactory.newInstance(client);
        String queue = "replay-" + UUID.randomUUID();
        try {
            SessionWorker.builder(factory, queue, (session, machine, user) -> {
                        throw new AssertionError("a replay runs no activity");
                    })
                    .register();
            WorkflowReplayer.replayWorkflowExecution(history, factory.getWorker(queue));
        } finally {
            factory.shutdownNow();
        }
    }

    /** A started worker; closing it stops it at once, as a process that is killed. */
    record Worker(WorkerFactory factory, SessionWorker sessions) implements AutoCloseable {
        @Override
        public void close() {
            factory.shutdownNow();
            factory.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
