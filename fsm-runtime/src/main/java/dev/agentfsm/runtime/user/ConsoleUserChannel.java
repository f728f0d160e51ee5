package dev.agentfsm.runtime.user;

import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;

/** A {@link UserChannel} on a terminal: prints the question, reads a line, and gives up after the time-out. */
public final class ConsoleUserChannel implements UserChannel {
    // The API is the contract; the implementation lands with issue 4.

    /** A channel on {@code in} and {@code out} (normally {@code System.in} and {@code System.out}). */
    public ConsoleUserChannel(InputStream in, PrintStream out) {
        throw new UnsupportedOperationException("issue 4");
    }

    @Override
    public Answer ask(String question, Duration timeout) { throw new UnsupportedOperationException("issue 4"); }

    @Override
    public Decision confirm(String action, Duration timeout) { throw new UnsupportedOperationException("issue 4"); }
}
