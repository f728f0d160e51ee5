package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The worker's user channel stops the work at an unanswered question and plays the replies back in order. */
class SessionUserChannelTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final Asked SIZE = new Asked(Asked.Kind.QUESTION, "Which size?", MINUTE);
    private static final Asked SHIP = new Asked(Asked.Kind.CONFIRMATION, "ship XL", MINUTE);

    @Test
    void theFirstUnansweredQuestionStopsTheWork() {
        SessionUserChannel user = new SessionUserChannel("s");
        user.begin(List.of());

        AwaitingUser stop = assertThrows(AwaitingUser.class, () -> user.ask("Which size?", MINUTE));

        assertEquals(SIZE, stop.asked());
        assertEquals(Optional.of(SIZE), user.awaiting());
    }

    @Test
    void theRepliesArePlayedInOrderThenTheNextQuestionStopsTheWork() {
        SessionUserChannel user = new SessionUserChannel("s");
        user.begin(List.of(UserReply.answered(SIZE, "XL"), UserReply.timedOut(SHIP)));

        assertEquals(new Answer.Given("XL"), user.ask("Which size?", MINUTE));
        assertEquals(Decision.TIMED_OUT, user.confirm("ship XL", MINUTE));
        assertThrows(AwaitingUser.class, () -> user.ask("Which colour?", MINUTE));

        user.begin(List.of(UserReply.timedOut(SIZE)));
        assertEquals(new Answer.TimedOut(MINUTE), user.ask("Which size?", MINUTE));
        assertEquals(Optional.empty(), user.awaiting());
    }

    @Test
    void workThatAsksSomethingElseTheSecondTimeIsAnErrorSayingWhy() {
        SessionUserChannel user = new SessionUserChannel("s-7");
        user.begin(List.of(UserReply.answered(SIZE, "XL")));

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> user.confirm("ship XL", MINUTE));

        assertEquals(
                "session s-7: run again after the user's reply, the state's work asked to confirm \"ship XL\""
                        + " where it had asked the question \"Which size?\"; the work before a question runs again, so it must"
                        + " ask the same questions in the same order (read and decide before asking, act after)",
                e.getMessage());
    }

    @Test
    void thePromptsInItsMessageAreEscaped() {
        SessionUserChannel user = new SessionUserChannel("s-8");
        user.begin(List.of(UserReply.answered(new Asked(Asked.Kind.QUESTION, "Which\nsize?\u001b[2J", MINUTE), "XL")));

        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> user.ask("Which size?\u202e", MINUTE));

        assertEquals(
                "session s-8: run again after the user's reply, the state's work asked the question \"Which"
                        + " size?\\u202e\" where it had asked the question \"Which\\nsize?\\u001b[2J\"; the work before a"
                        + " question runs again, so it must ask the same questions in the same order (read and decide"
                        + " before asking, act after)",
                e.getMessage());
    }
}
