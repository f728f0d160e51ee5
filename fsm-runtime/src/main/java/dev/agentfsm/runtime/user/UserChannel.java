package dev.agentfsm.runtime.user;

import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;

/**
 * How an agent reaches its user, for PENDING (a question) and CONFIRM (approve a dangerous action).
 * Implementations: {@link #console(InputStream, PrintStream)}, {@link #alwaysApprove()},
 * {@link #alwaysDeny()}, and fsm-testing's {@code ScriptedUserChannel} for tests. A time-out is a result the state acts on (the {@code TIMEOUT} trigger), not
 * an exception.
 */
public interface UserChannel {

    /** Asks a question and waits at most {@code timeout} for the answer. */
    Answer ask(String question, Duration timeout);

    /** Asks the user to approve {@code action} and waits at most {@code timeout}. */
    Decision confirm(String action, Duration timeout);

    /**
     * A person at a terminal reading {@code out} and typing on {@code in} (normally {@code System.out}
     * and {@code System.in}): {@code y}/{@code yes}/{@code n}/{@code no} for confirmations, asked once
     * more on anything else. The read runs on a daemon thread, so a silent user costs the time-out,
     * never a hang; input typed before a confirmation prompt is discarded, so it cannot approve an
     * action nobody saw. Questions and actions are printed through the runtime's safe-text rules, at
     * most 40 lines of 500 characters.
     */
    static UserChannel console(InputStream in, PrintStream out) {
        return new ConsoleUserChannel(in, out);
    }

    /** A channel that approves everything and answers no question (each question times out at once). */
    static UserChannel alwaysApprove() {
        return FixedUserChannel.APPROVE;
    }

    /** A channel that rejects everything and answers no question. */
    static UserChannel alwaysDeny() {
        return FixedUserChannel.DENY;
    }
}
