package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.device.ToolSpec;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A request to a chat model.
 *
 * @param messages the conversation, oldest first
 * @param responseSchema a JSON schema the reply must follow, sent as {@code response_format} where the server supports it
 * @param tools the tools the asking state offers, for a client that offers them to the model as the provider's
 *     tool definitions (fsm-langchain4j's); empty when the caller offers none. A client that does not offer
 *     tools leaves them out: the prompt describes them.
 */
public record LlmRequest(List<ChatMessage> messages, Optional<JsonNode> responseSchema, List<ToolSpec> tools) {
    public LlmRequest {
        messages = List.copyOf(messages);
        Objects.requireNonNull(responseSchema, "responseSchema");
        tools = List.copyOf(tools);
    }

    /** A request that offers no tools. */
    public LlmRequest(List<ChatMessage> messages, Optional<JsonNode> responseSchema) {
        this(messages, responseSchema, List.of());
    }

    /** A request without a response schema. */
    public static LlmRequest of(List<ChatMessage> messages) {
        return new LlmRequest(messages, Optional.empty());
    }
}
