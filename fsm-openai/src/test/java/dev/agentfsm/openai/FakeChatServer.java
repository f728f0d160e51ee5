package dev.agentfsm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An in-process chat-completions server on 127.0.0.1 that answers with scripted responses and records
 * what it received. An unscripted request gets a 418 whose message says so, so a test fails clearly.
 * It answers every path, so a scripted body may be any endpoint's (agents-windows replays recorded
 * Responses API bodies with it); other modules' tests reach it through fsm-runtime's test-jar.
 */
public final class FakeChatServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One scripted answer; {@code hang} means: never answer (until the server closes). */
    public record Response(int status, Map<String, String> headers, String body, boolean hang) {}

    /** One request as the server saw it. */
    public record Received(
            String method,
            String path,
            Optional<String> authorization,
            String contentType,
            JsonNode body,
            Optional<String> apiKey) {}

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Queue<Response> script = new ConcurrentLinkedQueue<>();
    private final List<Received> received = new ArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);

    public FakeChatServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A 200 chat completion whose message content is {@code content}. */
    public static Response reply(String content) {
        ObjectNode body = JSON.createObjectNode().put("id", "chatcmpl-1").put("object", "chat.completion");
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", content);
        return new Response(200, Map.of(), body.toString(), false);
    }

    /** An answer with {@code status} and {@code body} as it is (any endpoint's JSON, or an error). */
    public static Response status(int status, String body) {
        return new Response(status, Map.of(), body, false);
    }

    public static Response status(int status, Map<String, String> headers, String body) {
        return new Response(status, headers, body, false);
    }

    /** No answer at all, until the server closes. */
    public static Response hang() {
        return new Response(0, Map.of(), "", true);
    }

    /** Adds answers to the script, given in order to the next requests. */
    public FakeChatServer answer(Response... responses) {
        script.addAll(List.of(responses));
        return this;
    }

    /** The base URL a client is configured with (the part before /chat/completions). */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    /** The requests received so far, oldest first. */
    public synchronized List<Received> received() {
        return List.copyOf(received);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String text = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            synchronized (this) {
                received.add(new Received(
                        exchange.getRequestMethod(),
                        exchange.getRequestURI().toString(),
                        Optional.ofNullable(exchange.getRequestHeaders().getFirst("Authorization")),
                        exchange.getRequestHeaders().getFirst("Content-Type"),
                        JSON.readTree(text),
                        Optional.ofNullable(exchange.getRequestHeaders().getFirst("api-key"))));
            }
            Response response = script.poll();
            if (response == null) {
                response = status(418, "{\"error\": {\"message\": \"the fake server has no scripted response left\"}}");
            }
            if (response.hang()) {
                closing.await(10, TimeUnit.SECONDS);
                return;
            }
            response.headers()
                    .forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(response.status(), body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
