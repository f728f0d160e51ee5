package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * OpenAI's Chat Completions API, {@code POST /v1/chat/completions}, as OpenAI's API reference documents it: a
 * {@code chat.completion} object with {@code choices[0].message} (its {@code content}, or {@code tool_calls} of
 * type {@code function} whose {@code arguments} are a JSON string), {@code finish_reason} ({@code stop}, {@code
 * tool_calls}) and {@code usage} ({@code prompt_tokens}, {@code completion_tokens}, {@code total_tokens}); errors as
 * {@code {"error": {"message", "type"}}}.
 */
final class OpenAiServer extends ProviderServer {
    static final String MODEL = "gpt-4o-2024-08-06";

    OpenAiServer() {
        super("/v1/chat/completions");
    }

    /** The base URL a client is given. */
    String baseUrl() {
        return origin() + "/v1";
    }

    @Override
    ObjectNode reply(Answer answer, int index) {
        ObjectNode body = JSON.createObjectNode()
                .put("id", "chatcmpl-" + index)
                .put("object", "chat.completion")
                .put("created", 1_767_225_600L + index)
                .put("model", MODEL);
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
        ObjectNode message = choice.putObject("message").put("role", "assistant");
        if (answer instanceof Answer.Text text) {
            message.put("content", text.text());
            choice.put("finish_reason", "stop");
        } else if (answer instanceof Answer.ToolCall call) {
            message.putNull("content");
            message.putArray("tool_calls")
                    .addObject()
                    .put("id", "call_" + index)
                    .put("type", "function")
                    .putObject("function")
                    .put("name", call.name())
                    .put("arguments", call.arguments().toString());
            choice.put("finish_reason", "tool_calls");
        } else if (answer instanceof Answer.Refusal refusal) {
            // structured outputs' refusal: no content, the reason in "refusal"
            message.putNull("content");
            message.put("refusal", refusal.text());
            choice.put("finish_reason", "stop");
        } else if (answer instanceof Answer.CutOff cut) {
            message.put("content", cut.text());
            choice.put("finish_reason", "length");
        } else if (answer instanceof Answer.Empty) {
            message.put("content", "");
            choice.put("finish_reason", "stop");
        }
        body.putObject("usage")
                .put("prompt_tokens", inputTokens(index))
                .put("completion_tokens", outputTokens(index))
                .put("total_tokens", inputTokens(index) + outputTokens(index));
        return body;
    }

    @Override
    ObjectNode error(String message) {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("error").put("message", message).put("type", "server_error");
        return body;
    }
}
