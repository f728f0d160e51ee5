package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A local stand-in for a model provider's HTTP API on 127.0.0.1 and an ephemeral port: it answers each POST to the
 * provider's chat endpoint with the next scripted {@link Answer}, written in the provider's wire format, and keeps
 * every request it received. The formats are written from the providers' documented request and response shapes
 * (not recorded from the real services); each subclass says which document it follows.
 */
abstract class ProviderServer implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    /** What the model answers to one request. */
    sealed interface Answer {
        /** A written reply: the agent's JSON, or anything else a model may write. */
        record Text(String text) implements Answer {}

        /** A call of one tool through the provider's tool calling, with its arguments as a JSON object. */
        record ToolCall(String name, JsonNode arguments) implements Answer {}

        /** An HTTP error with the provider's error body. */
        record Failure(int status, String message) implements Answer {}

        /** The model declines, in the provider's way of refusing (one without one writes {@code text} as prose). */
        record Refusal(String text) implements Answer {}

        /** A reply cut off at the output-token limit, {@code text} being what was written before it. */
        record CutOff(String text) implements Answer {}

        /** A reply with neither text nor a tool call. */
        record Empty() implements Answer {}
    }

    /** A request the server received. */
    record Received(Headers headers, JsonNode body) {}

    private final HttpServer server;
    private final Deque<Answer> script = new ArrayDeque<>();
    private final List<Received> received = new ArrayList<>();

    ProviderServer(String path) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext(path, this::handle);
        server.start();
    }

    /** Answers the next requests with {@code answers}, in order. */
    ProviderServer script(List<Answer> answers) {
        synchronized (script) {
            script.addAll(answers);
        }
        return this;
    }

    /** {@code http://127.0.0.1:port}. */
    String origin() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The requests received so far, oldest first. */
    List<Received> received() {
        synchronized (script) {
            return List.copyOf(received);
        }
    }

    /** The {@code index}-th answer (from 0) in the provider's format: a JSON body with a 200 status. */
    abstract ObjectNode reply(Answer answer, int index);

    /** The provider's error body for {@code message}. */
    abstract ObjectNode error(String message);

    /** The input tokens the server reports for the {@code index}-th answer. */
    static int inputTokens(int index) {
        return 1000 + index;
    }

    /** The output tokens the server reports for the {@code index}-th answer. */
    static int outputTokens(int index) {
        return 50 + index;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("POST")) {
                send(exchange, 405, error("only POST is served here"));
                return;
            }
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            Answer answer;
            int index;
            synchronized (script) {
                received.add(new Received(exchange.getRequestHeaders(), body));
                index = received.size() - 1;
                answer = script.poll();
            }
            if (answer == null) {
                send(exchange, 500, error("the test's script has no answer for request " + (index + 1)));
            } else if (answer instanceof Answer.Failure failure) {
                send(exchange, failure.status(), error(failure.message()));
            } else {
                send(exchange, 200, reply(answer, index));
            }
        }
    }

    private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
