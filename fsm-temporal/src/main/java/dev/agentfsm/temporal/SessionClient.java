package dev.agentfsm.temporal;

import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowOptions;
import java.util.Objects;

/**
 * Starts sessions on a Temporal service and reaches running ones. The session's id is its
 * workflow's id, so a session is found again by its id from any process.
 *
 * <pre>{@code
 * SessionClient sessions = SessionClient.of(client, "agents");
 * SessionHandle session = sessions.start("report-2026-11", SessionRequest.of("LinuxAgent", "How full is /var?"));
 * SessionReport report = session.result();
 * }</pre>
 */
public final class SessionClient {
    private final WorkflowClient client;
    private final String taskQueue;

    private SessionClient(WorkflowClient client, String taskQueue) {
        this.client = client;
        this.taskQueue = taskQueue;
    }

    /** A client starting sessions on {@code taskQueue}, the shared queue a {@link SessionWorker} serves. */
    public static SessionClient of(WorkflowClient client, String taskQueue) {
        return new SessionClient(
                Objects.requireNonNull(client, "client"), Objects.requireNonNull(taskQueue, "taskQueue"));
    }

    /**
     * Starts session {@code id} and returns at once.
     *
     * @throws IllegalStateException if a session with this id is running
     */
    public SessionHandle start(String id, SessionRequest request) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(request, "request");
        SessionWorkflow workflow = client.newWorkflowStub(
                SessionWorkflow.class,
                WorkflowOptions.newBuilder()
                        .setWorkflowId(id)
                        .setTaskQueue(taskQueue)
                        .build());
        try {
            WorkflowClient.start(workflow::run, request);
        } catch (WorkflowExecutionAlreadyStarted e) {
            throw new IllegalStateException(
                    "session " + id + " is already running; reach it with attach(\"" + id
                            + "\"), or start the new session with another id",
                    e);
        }
        return new SessionHandle(client, id);
    }

    /** The session with id {@code id}, running or finished, started by this process or another. */
    public SessionHandle attach(String id) {
        return new SessionHandle(client, Objects.requireNonNull(id, "id"));
    }
}
