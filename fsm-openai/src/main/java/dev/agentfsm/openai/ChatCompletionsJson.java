package dev.agentfsm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.internal.ProviderFailure;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/** The JSON of OpenAI's chat-completions protocol: the request body, and what a response body says. */
final class ChatCompletionsJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The most of a server's text (a body, its error message, a refusal) an exception shows. */
    static final int SHOWN_BODY_CHARS = 500;
    /** {@code json_schema.name}: the protocol requires one; servers only echo it. */
    static final String SCHEMA_NAME = "agent_reply";

    private ChatCompletionsJson() {}

    /**
     * The request body.
     *
     * @param schema sent as a {@code json_schema} {@code response_format} when present
     * @param stream whether to ask for server-sent events, with the usage chunk ({@code stream_options.include_usage})
     */
    static String requestBody(
            String model, LlmRequest request, Optional<JsonNode> schema, boolean strict, boolean stream) {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", model);
        ArrayNode messages = body.putArray("messages");
        for (ChatMessage message : request.messages()) {
            ObjectNode json = messages.addObject();
            json.put("role", message.role().name().toLowerCase(Locale.ROOT));
            if (message.images().isEmpty()) {
                json.put("content", message.text());
            } else {
                ArrayNode parts = json.putArray("content");
                parts.addObject().put("type", "text").put("text", message.text());
                for (Image image : message.images()) {
                    parts.addObject()
                            .put("type", "image_url")
                            .putObject("image_url")
                            .put("url", image.dataUrl());
                }
            }
        }
        body.put("stream", stream);
        if (stream) {
            body.putObject("stream_options").put("include_usage", true);
        }
        schema.ifPresent(s -> {
            ObjectNode jsonSchema =
                    body.putObject("response_format").put("type", "json_schema").putObject("json_schema");
            jsonSchema.put("name", SCHEMA_NAME).set("schema", s);
            if (strict) {
                jsonSchema.put("strict", true);
            }
        });
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot write a chat-completions request", e);
        }
    }

    /**
     * The reply: the text of the {@linkplain #choiceZero first choice}'s {@code message.content}, with the answering {@code model},
     * {@code usage.prompt_tokens}, {@code usage.completion_tokens} and that choice's {@code finish_reason} where
     * the server gave them.
     *
     * @throws LlmException showing the (shortened) body when it is not JSON or has no such text
     */
    static LlmReply reply(String body, String endpoint) throws LlmException {
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new LlmException(
                    endpoint + " answered with a body that is not JSON (" + shorten(e.getOriginalMessage())
                            + "); is this an OpenAI-compatible chat-completions endpoint? Body: " + shorten(body),
                    // Jackson quotes the token it could not read, terminal controls and all
                    ProviderFailure.of(e, ChatCompletionsJson::shorten));
        }
        JsonNode choice = choiceZero(json.path("choices")).orElse(MissingNode.getInstance());
        JsonNode message = choice.path("message");
        Optional<String> content = content(message.path("content"));
        if (content.isPresent()) {
            return new LlmReply(
                    content.get(),
                    text(json.path("model")),
                    tokens(json.path("usage").path("prompt_tokens")),
                    tokens(json.path("usage").path("completion_tokens")),
                    text(choice.path("finish_reason")));
        }
        JsonNode refusal = message.path("refusal");
        if (refusal.isTextual()) {
            throw new LlmException(endpoint + ": the model refused to answer: " + shorten(refusal.textValue()));
        }
        throw new LlmException(endpoint
                + " answered without text in the message.content of its choice with index 0. Body: " + shorten(body));
    }

    /**
     * The choice numbered 0 among {@code choices}, the one reply the client asks for; a choice without an
     * {@code index} is that one, as servers that only ever send one write it. A server asked for {@code n}
     * choices (or a gateway that sets {@code n}) sends more: streamed, they come one a chunk, interleaved and
     * in any order, so the first of a chunk's choices is not always the reply's.
     */
    static Optional<JsonNode> choiceZero(JsonNode choices) {
        if (!choices.isArray()) {
            return Optional.empty();
        }
        for (JsonNode choice : choices) {
            JsonNode index = choice.path("index");
            boolean zero = index.isMissingNode() || index.isNull() || (index.isIntegralNumber() && index.asLong() == 0);
            if (choice.isObject() && zero) {
                return Optional.of(choice);
            }
        }
        return Optional.empty();
    }

    /**
     * The text of a message's {@code content}: a string, or (as some servers write it) an array of parts whose
     * {@code text} parts are joined; empty when it is neither, or holds a part that is not text.
     */
    private static Optional<String> content(JsonNode content) {
        if (content.isTextual()) {
            return Optional.of(content.textValue());
        }
        if (!content.isArray() || content.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode part : content) {
            if (!part.path("type").asText().equals("text") || !part.path("text").isTextual()) {
                return Optional.empty();
            }
            text.append(part.path("text").textValue());
        }
        return Optional.of(text.toString());
    }

    /**
     * {@code reply} when it is whole: a reply the server stopped at its output limit (finish reason
     * {@code length}) is cut off, and one its content filter stopped ({@code content_filter}) is a refusal; a
     * re-ask would end the same way, so both are errors, as they are for the other clients.
     *
     * @param who the endpoint and model, for the message
     */
    static LlmReply whole(LlmReply reply, String who) throws LlmException {
        String reason = reply.finishReason().orElse("");
        if (reason.equals("length")) {
            throw new LlmException(who + " stopped at its output limit (finish_reason length"
                    + (reply.outputTokens().isPresent()
                            ? ", " + reply.outputTokens().getAsInt() + " completion tokens"
                            : "")
                    + "), so its reply is cut off; raise the server's limit on output tokens or its context length"
                    + " (Ollama's num_predict and num_ctx, vLLM's --max-model-len) or shorten the conversation. "
                    + began(reply));
        }
        if (reason.equals("content_filter")) {
            throw new LlmException(who + " refused to answer (finish_reason content_filter: the server's content"
                    + " filter stopped the reply). " + began(reply));
        }
        return reply;
    }

    private static String began(LlmReply reply) {
        return reply.content().isBlank()
                ? "It wrote nothing before it."
                : "The reply began: " + shorten(reply.content());
    }

    /** A text the server gave about a reply (a model, a finish reason), made one safe line; empty when blank. */
    static Optional<String> text(JsonNode node) {
        return node.isTextual() && !node.textValue().isBlank()
                ? Optional.of(SafeText.line(node.textValue(), 200))
                : Optional.empty();
    }

    /** A token count the server gave; empty unless a non-negative int. */
    static OptionalInt tokens(JsonNode node) {
        return node.canConvertToInt() && node.isIntegralNumber() && node.intValue() >= 0
                ? OptionalInt.of(node.intValue())
                : OptionalInt.empty();
    }

    /** What an error body says, shortened: the server's error message where it has one, else the body. */
    static String errorMessage(String body) {
        try {
            JsonNode json = JSON.readTree(body);
            JsonNode error = json.path("error");
            // OpenAI and vLLM: {"error": {"message": ...}} or {"message": ...}; Ollama: {"error": "..."}
            for (JsonNode candidate : new JsonNode[] {error.path("message"), error, json.path("message")}) {
                if (candidate.isTextual() && !candidate.textValue().isBlank()) {
                    return shorten(candidate.textValue());
                }
            }
        } catch (JsonProcessingException e) {
            // not JSON: the body itself is the best message there is
        }
        return body.isBlank() ? "(empty body)" : shorten(body);
    }

    /**
     * The client's one cut of a server's text: whatever of it goes into an exception passes here, made one line
     * with what a terminal would act on escaped (an HTML page's line ends, an escape sequence).
     */
    static String shorten(String text) {
        return SafeText.line(text, SHOWN_BODY_CHARS);
    }
}
