package dev.agentfsm.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The scripted model and user play what was scripted, in order, and say so when they run out. */
class ScriptTest {
    private static final LlmRequest REQUEST = new LlmRequest(List.of(ChatMessage.user("What now?")), Optional.empty());

    @Test
    void theModelPlaysRepliesAndFailuresInOrderAndKeepsTheRequests() throws LlmException {
        Script script = new Script().reply("{\"status\": \"FINISH\"}").llmFails("the model is down");

        assertEquals(new LlmReply("{\"status\": \"FINISH\"}"), script.llm().complete(REQUEST));
        LlmException down = assertThrows(LlmException.class, () -> script.llm().complete(REQUEST));
        assertEquals("the model is down", down.getMessage());
        LlmException none = assertThrows(LlmException.class, () -> script.llm().complete(REQUEST));
        assertEquals(
                "the path's script has no LLM reply left for request 3; script one with script.reply(...) in"
                        + " the script of the state that asks",
                none.getMessage());
        assertEquals(List.of(REQUEST, REQUEST, REQUEST), script.requests());
    }

    @Test
    void whatHappensMeanwhileHappensWhenItsReplyIsAskedForAndNotBefore() throws LlmException {
        List<String> world = new ArrayList<>();
        Script script = new Script().reply("{\"status\": \"CONTINUE\"}").reply("{\"status\": \"FINISH\"}", () -> {
            world.add("unplugged after " + world.size() + " events");
        });

        script.llm().complete(REQUEST);
        assertEquals(List.of(), world, "the second reply's world has not changed yet");
        assertEquals(new LlmReply("{\"status\": \"FINISH\"}"), script.llm().complete(REQUEST));
        assertEquals(List.of("unplugged after 0 events"), world);
    }

    @Test
    void theUserAnswersTimesOutAndDecidesInOrder() {
        Script script = new Script().answer("blue").noAnswer().decide(Decision.REJECTED);

        assertEquals(new Answer.Given("blue"), script.user().ask("Which colour?", Duration.ofSeconds(3)));
        assertEquals(
                new Answer.TimedOut(Duration.ofSeconds(3)),
                script.user().ask("Which size?", Duration.ofSeconds(3)),
                "a scripted time-out is as long as the agent waited");
        assertEquals(Decision.REJECTED, script.user().confirm("delete the file", Duration.ofSeconds(3)));
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> script.user().confirm("format the disk", Duration.ofSeconds(3)));
        assertEquals(
                "the path's script has no decision left for the confirmation \"format the disk\"; script one"
                        + " with script.decide(...) in the script of the state that asks",
                e.getMessage());
        assertEquals("", script.leftovers());
    }

    @Test
    void leftoversCountWhatWasNeverAskedFor() {
        Script script = new Script().reply("{}").reply("{}").answer("yes").decide(Decision.APPROVED);

        assertEquals("2 LLM calls, 1 answer, 1 decision", script.leftovers());
    }
}
