package dev.agentfsm.runtime.user;

import dev.agentfsm.runtime.Waiting;
import java.time.Duration;

/**
 * How an agent reaches its user, for PENDING (a question) and CONFIRM (approve a dangerous action).
 * Implementations: {@link #alwaysApprove()}, {@link #alwaysDeny()}, agents-kit's
 * {@code ConsoleUserChannel} (a person at a terminal) and fsm-testing's {@code ScriptedUserChannel} (tests). A time-out is a result the state acts on (the {@code TIMEOUT} trigger), not
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

    /**
     * A channel that holds no thread: each question or confirmation stops the round
     * ({@link dev.agentfsm.runtime.Outcome#SUSPENDED}, by throwing {@link Waiting.Suspension}) with what it
     * asked ({@link dev.agentfsm.runtime.RoundResult#waiting()}). Wrapped by a session's journal
     * ({@code journal.user(UserChannel.suspending())}), the wait is recorded, and a later process answers it
     * in the journal and resumes the session, which goes on from the wait without repeating anything done
     * before it. Without a journal nothing can resume the round.
     */
    static UserChannel suspending() {
        return SuspendingUserChannel.INSTANCE;
    }

    /** The user's answer to a question: given, or not given in time. */
    public sealed interface Answer permits Answer.Given, Answer.TimedOut {

        /**
         * The user answered.
         *
         * @param text the answer
         */
        record Given(String text) implements Answer {}

        /**
         * Nobody answered in time.
         *
         * @param after how long was waited
         */
        record TimedOut(Duration after) implements Answer {}
    }

    /** The user's decision on a confirmation. */
    public enum Decision {
        /** Go ahead: the waiting action runs. */
        APPROVED,
        /** Don't: the waiting action never runs. */
        REJECTED,
        /** Nobody decided in time; treated as a rejection by the agents. */
        TIMED_OUT
    }
}
