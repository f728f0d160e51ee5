package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * A request to a chat model.
 *
 * @param messages the conversation, oldest first
 * @param responseSchema a JSON schema the reply must follow, sent as {@code response_format} where the server supports it
 */
public record LlmRequest(List<ChatMessage> messages, Optional<JsonNode> responseSchema) {
    public LlmRequest {
        messages = List.copyOf(messages);
    }

    /** A request without a response schema. */
    public static LlmRequest of(List<ChatMessage> messages) {
        return new LlmRequest(messages, Optional.empty());
    }
}
