package dev.agentfsm.temporal;

import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;
import java.util.Collection;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
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

    /** A started worker; closing it stops it at once, as a process that is killed. */
    record Worker(WorkerFactory factory, SessionWorker sessions) implements AutoCloseable {
        @Override
        public void close() {
            factory.shutdownNow();
            factory.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
