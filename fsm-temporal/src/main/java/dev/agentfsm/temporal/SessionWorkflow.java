package dev.agentfsm.temporal;

import dev.agentfsm.runtime.user.UserChannel.Decision;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.UpdateValidatorMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * A session of an agent-fsm machine as a Temporal workflow; its id is the session's id. Started and
 * reached through {@link SessionClient} and {@link SessionHandle}; implemented by
 * {@link SessionWorkflowImpl}, which a {@link SessionWorker} registers. Any Temporal client can reach
 * it by these names: workflow type {@code agentfsm.Session}, query {@code view}, updates
 * {@code answer} and {@code confirm}.
 */
@WorkflowInterface
public interface SessionWorkflow {

    /** Runs one round per request and returns their reports. */
    @WorkflowMethod(name = "agentfsm.Session")
    SessionReport run(SessionRequest request);

    /** The session now: its state, the current round's path, what it waits for. */
    @QueryMethod(name = "view")
    SessionView view();

    /** Answers the question the session waits for; returns the question answered. */
    @UpdateMethod(name = "answer")
    String answer(String text);

    /** Rejects an answer when the session waits for no question. */
    @UpdateValidatorMethod(updateName = "answer")
    void validateAnswer(String text);

    /** Approves or rejects the action the session waits to confirm; returns the action decided on. */
    @UpdateMethod(name = "confirm")
    String confirm(Decision decision);

    /** Rejects a decision when the session waits for no confirmation, or when it is {@link Decision#TIMED_OUT}. */
    @UpdateValidatorMethod(updateName = "confirm")
    void validateConfirm(Decision decision);
}
