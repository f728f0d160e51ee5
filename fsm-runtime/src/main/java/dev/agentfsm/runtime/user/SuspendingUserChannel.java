package dev.agentfsm.runtime.user;

import dev.agentfsm.runtime.Waiting;
import java.time.Duration;

/** {@link UserChannel#suspending()}: every question and confirmation suspends the round. */
enum SuspendingUserChannel implements UserChannel {
    INSTANCE;

    @Override
    public Answer ask(String question, Duration timeout) {
        throw new Waiting.Suspension(Waiting.Kind.ANSWER, question);
    }

    @Override
    public Decision confirm(String action, Duration timeout) {
        throw new Waiting.Suspension(Waiting.Kind.DECISION, action);
    }

    @Override
    public String toString() {
        return "UserChannel.suspending()";
    }
}
