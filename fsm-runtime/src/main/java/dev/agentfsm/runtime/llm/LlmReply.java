package dev.agentfsm.runtime.llm;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A chat model's reply, with what the provider said about it where it said it.
 *
 * @param content the text of the reply (for agents, JSON)
 * @param model the model that answered, as the provider names it
 * @param inputTokens the tokens the request took, as the provider counted them
 * @param outputTokens the tokens the reply took, as the provider counted them
 * @param finishReason why the model stopped, in the provider's words ({@code stop}, {@code length},
 *     {@code end_turn}...)
 */
public record LlmReply(
        String content,
        Optional<String> model,
        OptionalInt inputTokens,
        OptionalInt outputTokens,
        Optional<String> finishReason) {

    public LlmReply {
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(inputTokens, "inputTokens");
        Objects.requireNonNull(outputTokens, "outputTokens");
        Objects.requireNonNull(finishReason, "finishReason");
    }

    /** A reply of which only the text is known (a replayed or hand-written one). */
    public LlmReply(String content) {
        this(content, Optional.empty(), OptionalInt.empty(), OptionalInt.empty(), Optional.empty());
    }
}
