package dev.agentfsm.runtime.user;

import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;

/** A {@link UserChannel} nobody sits behind: every confirmation gets the same decision, every question times out at once. */
enum FixedUserChannel implements UserChannel {
    APPROVE(Decision.APPROVED),
    DENY(Decision.REJECTED);

    private static final Answer NO_ANSWER = new Answer.TimedOut(Duration.ZERO);

    private final Decision decision;

    FixedUserChannel(Decision decision) {
        this.decision = decision;
    }

    @Override
    public Answer ask(String question, Duration timeout) {
        return NO_ANSWER;
    }

    @Override
    public Decision confirm(String action, Duration timeout) {
        return decision;
    }

    @Override
    public String toString() {
        return this == APPROVE ? "UserChannel.alwaysApprove()" : "UserChannel.alwaysDeny()";
    }
}
