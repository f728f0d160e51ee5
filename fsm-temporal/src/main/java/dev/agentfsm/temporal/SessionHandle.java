package dev.agentfsm.temporal;

import dev.agentfsm.runtime.user.UserChannel.Decision;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/** One session on a Temporal service: look at it, answer it, cancel it, wait for its report. */
public final class SessionHandle {
    private final WorkflowClient client;
    private final String id;

    SessionHandle(WorkflowClient client, String id) {
        this.client = client;
        this.id = id;
    }

    /** The session's id, its workflow's id. */
    public String id() {
        return id;
    }

    /** The session now: its state, the current round's path, what it waits for (a query). */
    public SessionView view() {
        return workflow().view();
    }

    /**
     * Answers the question the session waits for (a PENDING state's); its state's work then runs on.
     *
     * @return the question answered
     * @throws IllegalStateException if the session waits for no question (the message says what it does), its
     *     wait is over (the state goes on with the time-out), or it is not running
     */
    public String answer(String text) {
        return update(() -> workflow().answer(text));
    }

    /**
     * Approves or rejects the action the session waits to confirm (a CONFIRM state's).
     *
     * @return the action decided on
     * @throws IllegalStateException if the session waits for no confirmation, its wait is over, or {@code decision}
     *     is {@code TIMED_OUT}
     */
    public String confirm(Decision decision) {
        return update(() -> workflow().confirm(decision));
    }

    /**
     * Cancels the session: the current round ends as {@code CANCELLED} at once (a state's running work
     * is abandoned, a wait for the user ends), later rounds do not start, and {@link #result()} returns
     * the report saying so.
     */
    public void cancel() {
        client.newUntypedWorkflowStub(id).cancel();
    }

    /**
     * Waits for the session to end and returns its report; a cancelled session's too (read with the
     * query, so a worker must be running).
     *
     * @throws IllegalStateException with the reason when the session's workflow failed rather than
     *     ended: an unknown machine, more requests than {@code maxRound}, a worker's bad setting
     */
    public SessionReport result() {
        try {
            return client.newUntypedWorkflowStub(id).getResult(SessionReport.class);
        } catch (WorkflowFailedException e) {
            return cancelledReport(e);
        }
    }

    /**
     * Waits at most {@code timeout} for the session to end.
     *
     * @throws TimeoutException if it has not ended by then
     */
    public SessionReport result(Duration timeout) throws TimeoutException {
        try {
            return client.newUntypedWorkflowStub(id)
                    .getResult(timeout.toMillis(), TimeUnit.MILLISECONDS, SessionReport.class);
        } catch (WorkflowFailedException e) {
            return cancelledReport(e);
        }
    }

    /**
     * A cancelled workflow's result carries nothing, so the report is what its query says it ended
     * with; a workflow that failed (an unknown machine, too many requests, a worker's setting that is
     * wrong) is an exception with its reason.
     */
    private SessionReport cancelledReport(WorkflowFailedException e) {
        if (e.getCause() instanceof CanceledFailure) {
            return new SessionReport(id, view().rounds());
        }
        String reason = e.getCause() instanceof ApplicationFailure failure
                ? failure.getOriginalMessage()
                : String.valueOf(e.getCause());
        throw new IllegalStateException("session " + id + " failed: " + reason, e);
    }

    private SessionWorkflow workflow() {
        return client.newWorkflowStub(SessionWorkflow.class, id);
    }

    private String update(Supplier<String> call) {
        try {
            return call.get();
        } catch (WorkflowNotFoundException e) {
            throw new IllegalStateException(
                    "session " + id + " is not running (it is over, or no session has that"
                            + " id); it waits for nothing",
                    e);
        } catch (WorkflowUpdateException e) {
            String message = e.getCause() instanceof ApplicationFailure refused
                    ? refused.getOriginalMessage()
                    : String.valueOf(e.getCause());
            throw new IllegalStateException(message, e);
        }
    }

    @Override
    public String toString() {
        return "session " + id;
    }
}
