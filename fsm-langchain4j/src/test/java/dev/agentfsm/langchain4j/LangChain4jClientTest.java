package dev.agentfsm.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class LangChain4jClientTest {

    private static final LlmRequest REQUEST =
            LlmRequest.of(List.of(ChatMessage.system("be brief"), ChatMessage.user("status?")));

    private static ChatModel model(Function<ChatRequest, ChatResponse> answer) {
        return new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                return answer.apply(request);
            }
        };
    }

    @Test
    void carriesTextModelTokensAndFinishReason() throws LlmException {
        List<ChatRequest> seen = new ArrayList<>();
        LangChain4jClient client = new LangChain4jClient(
                model(request -> {
                    seen.add(request);
                    return ChatResponse.builder()
                            .aiMessage(AiMessage.from("{\"status\": \"DONE\"}"))
                            .modelName("m-1")
                            .tokenUsage(new TokenUsage(12, 3))
                            .finishReason(FinishReason.STOP)
                            .build();
                }),
                "fake m-1");

        LlmReply reply = client.complete(REQUEST);

        assertEquals(
                new LlmReply(
                        "{\"status\": \"DONE\"}",
                        Optional.of("m-1"),
                        OptionalInt.of(12),
                        OptionalInt.of(3),
                        Optional.of("stop")),
                reply);
        assertEquals(2, seen.get(0).messages().size());
    }

    @Test
    void providerErrorIsOneLineNamingTheClient() {
        LangChain4jClient client = new LangChain4jClient(
                model(request -> {
                    throw new IllegalStateException("HTTP 500\n{\"error\": \"down\"}");
                }),
                "fake m-1");

        LlmException e = assertThrows(LlmException.class, () -> client.complete(REQUEST));

        assertTrue(e.getMessage().startsWith("fake m-1 failed: HTTP 500"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void emptyReplyIsAnError() {
        LangChain4jClient client = new LangChain4jClient(
                model(request -> ChatResponse.builder()
                        .aiMessage(AiMessage.from(""))
                        .finishReason(FinishReason.LENGTH)
                        .build()),
                "fake m-1");

        LlmException e = assertThrows(LlmException.class, () -> client.complete(REQUEST));

        assertEquals("fake m-1 returned an empty reply (finish reason LENGTH)", e.getMessage());
    }
}
