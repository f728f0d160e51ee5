package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Ollama's chat API, {@code POST /api/chat} with {@code "stream": false}, as Ollama's API documentation describes
 * it: one object with the {@code message} ({@code content}, or {@code tool_calls} whose {@code function.arguments}
 * is an object), {@code done}, {@code done_reason}, {@code prompt_eval_count} and {@code eval_count}; errors as
 * {@code {"error": "..."}}.
 */
final class OllamaServer extends ProviderServer {
    static final String MODEL = "qwen2.5:7b";

    OllamaServer() {
        super("/api/chat");
    }

    /** The base URL a client is given. */
    String baseUrl() {
        return origin();
    }

    @Override
    ObjectNode reply(Answer answer, int index) {
        ObjectNode body = JSON.createObjectNode().put("model", MODEL).put("created_at", "2026-01-01T00:00:00Z");
        ObjectNode message = body.putObject("message").put("role", "assistant");
        if (answer instanceof Answer.Text text) {
            message.put("content", text.text());
        } else if (answer instanceof Answer.ToolCall call) {
            message.put("content", "");
            message.putArray("tool_calls")
                    .addObject()
                    .putObject("function")
                    .put("name", call.name())
                    .set("arguments", call.arguments());
        } else if (answer instanceof Answer.Refusal refusal) {
            // Ollama has no refusal of its own: the model writes it
            message.put("content", refusal.text());
        } else if (answer instanceof Answer.CutOff cut) {
            message.put("content", cut.text());
        } else if (answer instanceof Answer.Empty) {
            message.put("content", "");
        }
        return body.put("done", true)
                .put("done_reason", answer instanceof Answer.CutOff ? "length" : "stop")
                .put("total_duration", 1_000_000L)
                .put("prompt_eval_count", inputTokens(index))
                .put("eval_count", outputTokens(index));
    }

    @Override
    ObjectNode error(String message) {
        return JSON.createObjectNode().put("error", message);
    }
}
