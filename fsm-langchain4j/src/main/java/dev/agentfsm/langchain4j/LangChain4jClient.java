package dev.agentfsm.langchain4j;

import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * An {@link LlmClient} over any LangChain4j {@link ChatModel}: sends the conversation's text and carries the
 * provider's model name, token counts and finish reason into the {@link LlmReply}.
 *
 * <p>Work in progress: the state's status schema, images and tool specifications are not sent yet.
 */
public final class LangChain4jClient implements LlmClient {

    private final ChatModel model;
    private final String name;

    /**
     * A client over {@code model}.
     *
     * @param name the provider and model, for error messages ({@code "openai gpt-4o"})
     */
    public LangChain4jClient(ChatModel model, String name) {
        this.model = Objects.requireNonNull(model, "model");
        this.name = Objects.requireNonNull(name, "name");
    }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException {
        List<dev.langchain4j.data.message.ChatMessage> messages =
                request.messages().stream().map(LangChain4jClient::message).toList();
        ChatResponse response;
        try {
            response = model.chat(ChatRequest.builder().messages(messages).build());
        } catch (RuntimeException e) {
            throw new LlmException(name + " failed: " + oneLine(String.valueOf(e.getMessage())), e);
        }
        String text = response.aiMessage() == null ? null : response.aiMessage().text();
        if (text == null || text.isBlank()) {
            throw new LlmException(name + " returned an empty reply (finish reason " + response.finishReason() + ")");
        }
        TokenUsage usage = response.tokenUsage();
        return new LlmReply(
                text,
                Optional.ofNullable(response.modelName()),
                count(usage == null ? null : usage.inputTokenCount()),
                count(usage == null ? null : usage.outputTokenCount()),
                Optional.ofNullable(response.finishReason()).map(r -> r.name().toLowerCase(java.util.Locale.ROOT)));
    }

    private static dev.langchain4j.data.message.ChatMessage message(ChatMessage message) {
        return switch (message.role()) {
            case SYSTEM -> SystemMessage.from(message.text());
            case USER -> UserMessage.from(message.text());
            case ASSISTANT -> AiMessage.from(message.text());
        };
    }

    private static OptionalInt count(Integer tokens) {
        return tokens == null ? OptionalInt.empty() : OptionalInt.of(tokens);
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\p{Cntrl}+", " ").strip();
    }
}
