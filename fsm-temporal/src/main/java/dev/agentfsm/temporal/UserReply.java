package dev.agentfsm.temporal;

import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The user's reply to one question or confirmation, as the workflow recorded it: the worker plays
 * the replies back, in order, when it runs the state's work again.
 *
 * @param asked what was asked
 * @param answer a question's answer; empty when nobody answered in time
 * @param decision a confirmation's decision ({@link Decision#TIMED_OUT} when nobody decided in time)
 */
record UserReply(Asked asked, Optional<String> answer, Optional<Decision> decision) {
    UserReply {
        Objects.requireNonNull(asked, "asked");
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(decision, "decision");
    }

    static UserReply answered(Asked asked, String text) {
        return new UserReply(asked, Optional.of(text), Optional.empty());
    }

    static UserReply decided(Asked asked, Decision decision) {
        return new UserReply(asked, Optional.empty(), Optional.of(decision));
    }

    /** Nobody replied within the state's time-out. */
    static UserReply timedOut(Asked asked) {
        return asked.kind() == Asked.Kind.QUESTION
                ? new UserReply(asked, Optional.empty(), Optional.empty())
                : decided(asked, Decision.TIMED_OUT);
    }

    /** How long was waited, for {@link dev.agentfsm.runtime.user.UserChannel.Answer.TimedOut}. */
    Duration waited() {
        return asked.timeout();
    }
}
