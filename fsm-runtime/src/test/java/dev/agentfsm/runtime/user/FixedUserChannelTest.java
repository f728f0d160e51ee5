package dev.agentfsm.runtime.user;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FixedUserChannelTest {

    @Test
    void alwaysApproveApprovesAndAnswersNothing() {
        UserChannel channel = UserChannel.alwaysApprove();

        assertEquals(Decision.APPROVED, channel.confirm("delete file.txt", Duration.ofMinutes(5)));
        assertEquals(new Answer.TimedOut(Duration.ZERO), channel.ask("Which file?", Duration.ofMinutes(5)));
    }

    @Test
    void alwaysDenyRejectsAndAnswersNothing() {
        UserChannel channel = UserChannel.alwaysDeny();

        assertEquals(Decision.REJECTED, channel.confirm("delete file.txt", Duration.ofMinutes(5)));
        assertEquals(new Answer.TimedOut(Duration.ZERO), channel.ask("Which file?", Duration.ofMinutes(5)));
    }
}
