package dev.agentfsm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/** An OpenAI-compatible chat server on 127.0.0.1 that answers with scripted contents and keeps the requests. */
final class ChatServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A request as the server saw it. */
    record Request(String path, String authorization, JsonNode body) {
        /** The text of the last user message. */
        String lastUserText() {
            String text = "";
            for (JsonNode message : body.path("messages")) {
                if (message.path("role").asText().equals("user")) {
                    JsonNode content = message.path("content");
                    text = content.isTextual() ? content.asText() : content.toString();
                }
            }
            return text;
        }
    }

    private final HttpServer server;
    private final Queue<String> contents = new ConcurrentLinkedQueue<>();
    private final List<Request> requests = new ArrayList<>();
    private volatile int errorStatus = 500;
    private volatile String errorMessage = "the test server has no scripted reply left";

    ChatServer(String... contents) throws IOException {
        this.contents.addAll(List.of(contents));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    /** Answers every request once the scripted contents are spent with this status and error message. */
    ChatServer failing(int status, String message) {
        errorStatus = status;
        errorMessage = message;
        return this;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            synchronized (this) {
                requests.add(new Request(
                        exchange.getRequestURI().getPath(),
                        String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")),
                        body));
            }
            String content = contents.poll();
            int status = content == null ? errorStatus : 200;
            ObjectNode reply = JSON.createObjectNode();
            if (content == null) {
                reply.putObject("error").put("message", errorMessage);
            } else {
                reply.putArray("choices")
                        .addObject()
                        .putObject("message")
                        .put("role", "assistant")
                        .put("content", content);
            }
            byte[] bytes = reply.toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
