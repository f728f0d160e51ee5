package dev.agentfsm.samples.spring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A chat-completions server on 127.0.0.1 shaped by OpenAI's documented API ({@code POST /v1/chat/completions},
 * a {@code chat.completion} object with {@code choices}, {@code finish_reason} and {@code usage}): it answers the
 * given replies in turn and keeps every request body it got.
 */
final class FakeOpenAi implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<String> replies;
    private final List<JsonNode> requests = new ArrayList<>(); // guarded by itself
    private final AtomicInteger next = new AtomicInteger();

    FakeOpenAi(List<String> replies) throws IOException {
        this.replies = List.copyOf(replies);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", this::complete);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<JsonNode> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    private void complete(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            synchronized (requests) {
                requests.add(request);
            }
            int index = next.getAndIncrement();
            if (!"POST".equals(exchange.getRequestMethod()) || index >= replies.size()) {
                send(
                        exchange,
                        400,
                        "{\"error\":{\"message\":\"no reply " + index + "\",\"type\":\"invalid_request_error\"}}");
                return;
            }
            ObjectNode body = JSON.createObjectNode();
            body.put("id", "chatcmpl-" + index);
            body.put("object", "chat.completion");
            body.put("created", 1_767_225_600L);
            body.put("model", request.path("model").asText() + "-2026-01-01");
            ObjectNode choice = body.putArray("choices").addObject();
            choice.put("index", 0);
            choice.putObject("message").put("role", "assistant").put("content", replies.get(index));
            choice.put("finish_reason", "stop");
            body.putObject("usage")
                    .put("prompt_tokens", 100 + index)
                    .put("completion_tokens", 20)
                    .put("total_tokens", 120 + index);
            send(exchange, 200, JSON.writeValueAsString(body));
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
