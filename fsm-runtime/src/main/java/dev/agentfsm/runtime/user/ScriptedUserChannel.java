package dev.agentfsm.runtime.user;

import java.time.Duration;
import java.util.List;

/**
 * A {@link UserChannel} that plays scripted answers and decisions in order, for tests and demos, and
 * records what it was asked. Running out of script is an {@link IllegalStateException} naming the
 * question.
 */
public final class ScriptedUserChannel implements UserChannel {
    // The API is the contract; the implementation lands with issue 4.

    private ScriptedUserChannel() {
        throw new UnsupportedOperationException("issue 4");
    }

    /** A script of answers to questions and decisions on confirmations, each consumed in order. */
    public static ScriptedUserChannel of(List<Answer> answers, List<Decision> decisions) {
        throw new UnsupportedOperationException("issue 4");
    }

    @Override
    public Answer ask(String question, Duration timeout) { throw new UnsupportedOperationException("issue 4"); }

    @Override
    public Decision confirm(String action, Duration timeout) { throw new UnsupportedOperationException("issue 4"); }

    /** Every question and confirmation asked so far, in order. */
    public List<String> asked() { throw new UnsupportedOperationException("issue 4"); }
}
