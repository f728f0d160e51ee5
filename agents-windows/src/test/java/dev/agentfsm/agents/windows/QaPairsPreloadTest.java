package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.QaPairs;
import dev.agentfsm.runtime.Blackboard.QuestionAnswer;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import dev.agentfsm.testing.ScriptedUserChannel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * UFO's QA pairs, answers given before the round: on the blackboard from the first prompt on, and a
 * PENDING question one of them answers is answered without asking the user.
 */
class QaPairsPreloadTest {
    private static final String QUESTION = "Which chart type should Excel draw?";

    /** A user who must not be asked anything. */
    private static final UserChannel NOBODY = new UserChannel() {
        @Override
        public Answer ask(String question, Duration timeout) {
            throw new AssertionError("answered before the round, yet the user was asked " + question);
        }

        @Override
        public Decision confirm(String action, Duration timeout) {
            throw new AssertionError("no confirmation expected, got " + action);
        }
    };

    private static Desk desk(UserChannel user, boolean askQuestion, QaPairs answers) {
        return new Desk(
                "host-pending",
                user,
                Desk.config(true, askQuestion, 0),
                false,
                UnaryOperator.identity(),
                host -> host.answers(answers));
    }

    @ParameterizedTest(name = "askQuestion {0}")
    @ValueSource(booleans = {true, false})
    void aQuestionAnsweredBeforeTheRoundIsNotAsked(boolean askQuestion, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("global_memory.jsonl");
        Files.writeString(
                file,
                "{\"question\": \"Which sheet?\", \"answer\": \"Sheet1\"}\n"
                        + "{\"question\": \"which chart type should  Excel draw?\", \"answer\": \"a bar chart\"}\n");
        Desk desk = desk(NOBODY, askQuestion, QaPairs.load(file, 20));

        RoundResult result = desk.run("Chart the sales");

        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.PENDING", "HostAgent.CONTINUE", "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(
                List.of(
                        new QuestionAnswer("Which sheet?", "Sheet1"),
                        new QuestionAnswer("which chart type should  Excel draw?", "a bar chart"),
                        new QuestionAnswer(QUESTION, "a bar chart")),
                desk.host.blackboard().questions(),
                "the preloaded pairs, then the question PENDING answered from them");
        String firstPrompt = desk.llm.requests().get(0).messages().get(1).text();
        assertTrue(
                firstPrompt.contains("Sheet1") && firstPrompt.contains("a bar chart"),
                "the model reads them from its first prompt on: " + firstPrompt);
    }

    @Test
    void aQuestionTheyDoNotAnswerGoesToTheUser() {
        ScriptedUserChannel user = ScriptedUserChannel.of(List.of(new Answer.Given("a pie chart")), List.of());
        Desk desk = desk(user, true, QaPairs.of(List.of(new QuestionAnswer("Which sheet?", "Sheet1"))));

        desk.run("Chart the sales");

        assertEquals(List.of(QUESTION), user.asked());
        assertEquals(
                List.of(new QuestionAnswer("Which sheet?", "Sheet1"), new QuestionAnswer(QUESTION, "a pie chart")),
                desk.host.blackboard().questions());
    }
}
