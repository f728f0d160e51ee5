package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Blackboard.QuestionAnswer;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import dev.agentfsm.testing.ScriptedUserChannel;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** PENDING asks the user when askQuestion is on, tells the LLM no answer is available otherwise, and fails on time-out. */
class PendingTest {
    private static final String QUESTION = "Which chart type should Excel draw?";

    @Test
    void anAnsweredQuestionGoesOnTheBlackboardAndTheHostContinues() {
        ScriptedUserChannel user = ScriptedUserChannel.of(List.of(new Answer.Given("a bar chart")), List.of());
        Desk desk = new Desk("host-pending", user, Desk.config(true, true, 0));

        RoundResult result = desk.run("Chart the sales");

        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.PENDING", "HostAgent.CONTINUE", "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(List.of(QUESTION), user.asked());
        assertEquals(
                List.of(new QuestionAnswer(QUESTION, "a bar chart")),
                desk.host.blackboard().questions());
        String secondPrompt = desk.llm.requests().get(1).messages().get(1).text();
        assertTrue(secondPrompt.contains("a bar chart"), "the LLM reads the answer: " + secondPrompt);
    }

    @Test
    void aQuestionTheUserLeavesUnansweredFailsTheTask() {
        ScriptedUserChannel user =
                ScriptedUserChannel.of(List.of(new Answer.TimedOut(Duration.ofSeconds(5))), List.of());
        Desk desk = new Desk("host-pending", user, Desk.config(true, true, 0));

        RoundResult result = desk.run("Chart the sales");

        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.PENDING", "HostAgent.FAIL", "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(Optional.of("FAIL: the user did not answer in time: " + QUESTION), result.result());
        assertEquals(1, desk.llm.remaining());
    }

    @Test
    void withAskQuestionOffTheLlmHearsThatNoAnswerIsAvailable() {
        UserChannel nobody = new UserChannel() {
            @Override
            public Answer ask(String question, Duration timeout) {
                throw new AssertionError("askQuestion is off, yet the user was asked " + question);
            }

            @Override
            public Decision confirm(String action, Duration timeout) {
                throw new AssertionError("no confirmation expected");
            }
        };
        Desk desk = new Desk("host-pending", nobody, Desk.config(true, false, 0));

        RoundResult result = desk.run("Chart the sales");

        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.PENDING", "HostAgent.CONTINUE", "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(
                List.of(new QuestionAnswer(QUESTION, Questions.NOT_ASKED)),
                desk.host.blackboard().questions());
    }

    @Test
    void theAppAgentAsksAndContinues() {
        ScriptedUserChannel user = ScriptedUserChannel.of(List.of(new Answer.Given("yes")), List.of());
        Desk desk = new Desk("app-pending", user, Desk.config(true, true, 0));

        RoundResult result = desk.run("Copy the sales table");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.PENDING",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(
                List.of(new QuestionAnswer("Is the sales table the one to copy?", "yes")),
                desk.host.blackboard().questions());
        assertTrue(desk.word.tableSelected());
    }
}
