package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Anthropic's Messages API, {@code POST /v1/messages} (with the headers {@code x-api-key} and {@code
 * anthropic-version}), as Anthropic's API reference documents it: a {@code message} object whose {@code content} is
 * a list of blocks ({@code text}, or {@code tool_use} with an {@code input} object), a {@code stop_reason} ({@code
 * end_turn}, {@code tool_use}) and {@code usage} ({@code input_tokens}, {@code output_tokens}); errors as {@code
 * {"type": "error", "error": {"type", "message"}}}.
 */
final class AnthropicServer extends ProviderServer {
    static final String MODEL = "claude-sonnet-4-5-20250929";

    AnthropicServer() {
        super("/v1/messages");
    }

    /** The base URL a client is given. */
    String baseUrl() {
        return origin() + "/v1/";
    }

    @Override
    ObjectNode reply(Answer answer, int index) {
        ObjectNode body = JSON.createObjectNode()
                .put("id", "msg_" + index)
                .put("type", "message")
                .put("role", "assistant")
                .put("model", MODEL);
        ArrayNode content = body.putArray("content");
        if (answer instanceof Answer.Text text) {
            content.addObject().put("type", "text").put("text", text.text());
            body.put("stop_reason", "end_turn");
        } else if (answer instanceof Answer.ToolCall call) {
            content.addObject()
                    .put("type", "tool_use")
                    .put("id", "toolu_" + index)
                    .put("name", call.name())
                    .set("input", call.arguments());
            body.put("stop_reason", "tool_use");
        } else if (answer instanceof Answer.Refusal) {
            // the "refusal" stop reason: the model declined, with no content
            body.put("stop_reason", "refusal");
        } else if (answer instanceof Answer.CutOff cut) {
            content.addObject().put("type", "text").put("text", cut.text());
            body.put("stop_reason", "max_tokens");
        } else if (answer instanceof Answer.Empty) {
            body.put("stop_reason", "end_turn");
        }
        body.putNull("stop_sequence");
        body.putObject("usage").put("input_tokens", inputTokens(index)).put("output_tokens", outputTokens(index));
        return body;
    }

    @Override
    ObjectNode error(String message) {
        ObjectNode body = JSON.createObjectNode().put("type", "error");
        body.putObject("error").put("type", "api_error").put("message", message);
        return body;
    }
}
