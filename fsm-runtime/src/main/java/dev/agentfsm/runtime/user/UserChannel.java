package dev.agentfsm.runtime.user;

import java.time.Duration;

/**
 * How an agent reaches its user, for PENDING (a question) and CONFIRM (approve a dangerous action).
 * Implementations: {@link ConsoleUserChannel}, {@link ScriptedUserChannel}, {@link #alwaysApprove()},
 * {@link #alwaysDeny()}. A time-out is a result the state acts on (the {@code TIMEOUT} trigger), not
 * an exception.
 */
public interface UserChannel {

    /** Asks a question and waits at most {@code timeout} for the answer. */
    Answer ask(String question, Duration timeout);

    /** Asks the user to approve {@code action} and waits at most {@code timeout}. */
    Decision confirm(String action, Duration timeout);

    /** A channel that approves everything and answers no question (each question times out at once). */
    static UserChannel alwaysApprove() {
        return FixedUserChannel.APPROVE;
    }

    /** A channel that rejects everything and answers no question. */
    static UserChannel alwaysDeny() {
        return FixedUserChannel.DENY;
    }
}
