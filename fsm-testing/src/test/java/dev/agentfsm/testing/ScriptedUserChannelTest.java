package dev.agentfsm.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptedUserChannelTest {
    private static final Duration WAIT = Duration.ofSeconds(1);

    @Test
    void playsTheScriptInOrderAndRecordsWhatWasAsked() {
        ScriptedUserChannel user = ScriptedUserChannel.of(
                List.of(new Answer.Given("notepad"), new Answer.TimedOut(Duration.ofSeconds(300))),
                List.of(Decision.REJECTED, Decision.APPROVED));

        assertEquals(new Answer.Given("notepad"), user.ask("Which editor?", WAIT));
        assertEquals(Decision.REJECTED, user.confirm("rm -rf build", WAIT));
        assertEquals(new Answer.TimedOut(Duration.ofSeconds(300)), user.ask("Which file?", WAIT));
        assertEquals(Decision.APPROVED, user.confirm("rm build.log", WAIT));

        assertEquals(List.of("Which editor?", "rm -rf build", "Which file?", "rm build.log"), user.asked());
    }

    @Test
    void runningOutOfAnswersNamesTheQuestion() {
        ScriptedUserChannel user = ScriptedUserChannel.of(List.of(new Answer.Given("a")), List.of());
        user.ask("first?", WAIT);

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> user.ask("second?", WAIT));

        assertEquals(
                "The scripted user has no answer left for the question \"second?\": all 1 scripted answers"
                        + " were given; add answers to the script",
                e.getMessage());
        assertEquals(List.of("first?", "second?"), user.asked());
    }

    @Test
    void runningOutOfDecisionsNamesTheAction() {
        ScriptedUserChannel user = ScriptedUserChannel.of(List.of(), List.of());

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> user.confirm("format C:", WAIT));

        assertEquals(
                "The scripted user has no decision left for the confirmation \"format C:\": all 0 scripted"
                        + " decisions were given; add decisions to the script",
                e.getMessage());
    }
}
