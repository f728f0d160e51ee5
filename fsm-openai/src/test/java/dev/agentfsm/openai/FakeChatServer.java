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
 * Responses API bodies with it); other modules' tests reach it through fsm-openai's test-jar. A scripted
 * stream ({@link #streamed}, {@link #events}) is sent as {@code text/event-stream} in HTTP chunks, one per
 * scripted write, each flushed before the next, so a test decides where the client's reads may split.
 */
public final class FakeChatServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One scripted answer; {@code hang} means: never answer (until the server closes). A stream's
     * {@code writes} are sent as they are, each flushed, and then the stream ends as {@code end} says.
     */
    public record Response(
            int status, Map<String, String> headers, String body, boolean hang, List<byte[]> writes, End end) {}

    /** How a stream ends after its writes. */
    public enum End {
        /** Its last chunk is sent: the body ends properly. */
        CLOSE,
        /** The connection is dropped without the body's last chunk, as a crashed server would. */
        BREAK,
        /** Nothing more is sent until the server closes. */
        HANG
    }

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
    /**
     * How long a hang lasts at most: it ends when the server closes, after the test's call; the bound only keeps
     * a handler from outliving a test that never closes its server. Longer than any test's hang guard, so a
     * call that returns at all was ended by the client's own time-out, however slow the machine.
     */
    private static final long HANG_GUARD_SECONDS = 300;

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
        return new Response(200, Map.of(), body.toString(), false, List.of(), End.CLOSE);
    }

    /**
     * A 200 stream of server-sent events as OpenAI sends them, one event a write: a chunk with the role,
     * one chunk per piece of {@code pieces}, a chunk with finish reason {@code stop}, the usage chunk
     * (7 prompt and 3 completion tokens) and {@code data: [DONE]}. The model is {@code fake-model}.
     */
    public static Response streamed(String... pieces) {
        List<String> events = new ArrayList<>();
        events.add(chunk(JSON.createObjectNode().put("role", "assistant").put("content", ""), null));
        for (String piece : pieces) {
            events.add(chunk(JSON.createObjectNode().put("content", piece), null));
        }
        events.add(chunk(JSON.createObjectNode(), "stop"));
        ObjectNode usage = JSON.createObjectNode().put("id", "chatcmpl-1").put("model", "fake-model");
        usage.putArray("choices");
        usage.putObject("usage")
                .put("prompt_tokens", 7)
                .put("completion_tokens", 3)
                .put("total_tokens", 10);
        events.add(usage.toString());
        events.add("[DONE]");
        return events(End.CLOSE, events.stream().map(FakeChatServer::event).toList());
    }

    /** {@code data} as one server-sent event: {@code data: ...} and a blank line. */
    public static String event(String data) {
        return "data: " + data + "\n\n";
    }

    /** One server-sent event of a streaming chunk whose delta carries {@code piece} of the reply's content. */
    public static String content(String piece) {
        return event(chunk(JSON.createObjectNode().put("content", piece), null));
    }

    /** A streaming chunk's JSON whose {@code choices[0].delta} is {@code delta}. */
    public static String chunk(ObjectNode delta, String finishReason) {
        return chunk(0, delta, finishReason);
    }

    /**
     * A streaming chunk's JSON whose one choice, numbered {@code index}, has {@code delta}: a request with
     * {@code n} above 1 is answered with such chunks, the choices' interleaved.
     */
    public static String chunk(int index, ObjectNode delta, String finishReason) {
        ObjectNode body = JSON.createObjectNode()
                .put("id", "chatcmpl-1")
                .put("object", "chat.completion.chunk")
                .put("model", "fake-model");
        ObjectNode choice = body.putArray("choices").addObject().put("index", index);
        choice.set("delta", delta);
        if (finishReason == null) {
            choice.putNull("finish_reason");
        } else {
            choice.put("finish_reason", finishReason);
        }
        body.putNull("usage");
        return body.toString();
    }

    /** A 200 {@code text/event-stream} whose writes are {@code writes} in UTF-8, ending as {@code end} says. */
    public static Response events(End end, List<String> writes) {
        return bytes(
                end,
                writes.stream().map(w -> w.getBytes(StandardCharsets.UTF_8)).toList());
    }

    /** A 200 {@code text/event-stream} whose writes are these bytes, ending as {@code end} says. */
    public static Response bytes(End end, List<byte[]> writes) {
        return new Response(200, Map.of("Content-Type", "text/event-stream"), "", false, List.copyOf(writes), end);
    }

    /** An answer with {@code status} and {@code body} as it is (any endpoint's JSON, or an error). */
    public static Response status(int status, String body) {
        return new Response(status, Map.of(), body, false, List.of(), End.CLOSE);
    }

    public static Response status(int status, Map<String, String> headers, String body) {
        return new Response(status, headers, body, false, List.of(), End.CLOSE);
    }

    /** No answer at all, until the server closes. */
    public static Response hang() {
        return new Response(0, Map.of(), "", true, List.of(), End.CLOSE);
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
        boolean dropped = false;
        try {
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
                closing.await(HANG_GUARD_SECONDS, TimeUnit.SECONDS);
                return;
            }
            response.headers()
                    .forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            if (!response.headers().containsKey("Content-Type")) {
                exchange.getResponseHeaders().add("Content-Type", "application/json");
            }
            if (response.writes().isEmpty()) {
                byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(response.status(), body.length == 0 ? -1 : body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
                return;
            }
            exchange.sendResponseHeaders(response.status(), 0); // chunked: one chunk per flushed write
            OutputStream out = exchange.getResponseBody();
            for (byte[] write : response.writes()) {
                out.write(write);
                out.flush();
            }
            switch (response.end()) {
                case CLOSE -> out.close();
                case HANG -> closing.await(HANG_GUARD_SECONDS, TimeUnit.SECONDS);
                case BREAK -> {
                    // an exception out of the handler makes the server drop the connection as it is: the
                    // client never gets the body's last chunk
                    dropped = true;
                    throw new IllegalStateException("the fake server breaks the stream off, as scripted");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (!dropped) {
                exchange.close();
            }
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
