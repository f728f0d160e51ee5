package dev.agentfsm.mcp;

import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.internal.SafeText;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The stdio transport of a server the driver starts, owned here rather than taken from the SDK so
 * that a hostile server is bounded as it writes:
 *
 * <ul>
 *   <li>a message (one line of stdout) longer than {@link McpOptions#maxMessageBytes()} is dropped as
 *       it arrives, and a line that is not JSON-RPC is skipped; either is a {@link #problems() problem}
 *       that fails the requests waiting at that moment with its reason, and the session goes on;
 *   <li>messages are handled one at a time on the reading thread, so a flood of them waits in the
 *       pipe, not in memory; notifications other than {@code tools/list_changed} are dropped, and that
 *       one only calls {@code toolsChanged} (the driver coalesces the refreshes); the server's requests
 *       are answered here ({@code ping}) or refused (the client offers no other method);
 *   <li>stderr is read in chunks of which only the last {@value #STDERR_TAIL} characters are kept;
 *   <li>at most {@value #OUTBOUND} messages wait to be written to a server that does not read.
 * </ul>
 *
 * <p>The server gets a variable {@value #MARK} in its environment, unique to this transport, which
 * {@link ServerProcesses} uses to find what the server started, even a daemon that left its tree.
 */
final class StdioTransport implements McpClientTransport {
    private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);
    /** The environment variable that marks the server and everything it starts. */
    static final String MARK = "AGENTFSM_MCP_SERVER";

    /** The most JSON values (objects, arrays, strings, numbers...) one message may have. */
    static final int MAX_VALUES = 500_000;

    private static final JsonFactory JSON_TOKENS = new JsonFactory();
    private static final int STDERR_TAIL = 4_096;
    private static final int OUTBOUND = 64;
    private static final int QUOTED_CHARS = 120;
    private static final String END = "";

    private final McpEndpoint.Stdio endpoint;
    private final int maxMessageBytes;
    private final Runnable toolsChanged;
    private final McpJsonMapper json;
    private final String mark = UUID.randomUUID().toString();
    private final BlockingQueue<String> outbound = new ArrayBlockingQueue<>(OUTBOUND);
    private final StringBuilder stderr = new StringBuilder();
    private final AtomicLong problems = new AtomicLong();
    private volatile String lastProblem = "";
    private volatile boolean closing;
    private boolean stderrDone; // guarded by stderr
    private Process process;

    StdioTransport(McpEndpoint.Stdio endpoint, int maxMessageBytes, Runnable toolsChanged, McpJsonMapper json) {
        this.endpoint = endpoint;
        this.maxMessageBytes = maxMessageBytes;
        this.toolsChanged = toolsChanged;
        this.json = json;
    }

    /**
     * Starts the server, its stderr reader and the writer of its stdin; its stdout is read once connected.
     * The server is ended ({@link ServerProcesses}) with {@code grace} when the JVM exits, unless the driver
     * ended it before.
     */
    void start(String name, Duration grace) throws DriverException {
        ProcessBuilder builder = new ProcessBuilder(endpoint.command());
        builder.environment().putAll(endpoint.environment());
        builder.environment().put(MARK, mark);
        endpoint.directory().ifPresent(d -> builder.directory(d.toFile()));
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new DriverException(
                    name + ": could not start the MCP server: " + SafeText.line(String.valueOf(e.getMessage()), 300),
                    e);
        }
        ServerProcesses.endAtExit(process.toHandle(), mark, grace);
        thread(name + " stderr", this::readStderr);
        thread(name + " stdin", this::write);
    }

    /** The server's process. */
    Process process() {
        return process;
    }

    /** The value of {@value #MARK} in the server's environment. */
    String mark() {
        return mark;
    }

    /** How many messages were dropped so far (too large, or not JSON-RPC). */
    long problems() {
        return problems.get();
    }

    /** What was wrong with the last message dropped. */
    String lastProblem() {
        return lastProblem;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return Mono.fromRunnable(() -> thread(endpoint.label() + " stdout", () -> read(handler)));
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.defer(() -> {
            if (closing) {
                return Mono.error(new IllegalStateException("the session with the MCP server is closed"));
            }
            String line;
            try {
                // compact JSON escapes control characters inside strings: the message is one line
                line = json.writeValueAsString(message);
            } catch (IOException e) {
                return Mono.error(e);
            }
            if (!outbound.offer(line)) {
                return Mono.error(new IllegalStateException("the MCP server reads none of the client's messages ("
                        + OUTBOUND + " are waiting to be written)"));
            }
            return Mono.empty();
        });
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::close);
    }

    @Override
    public void close() {
        closing = true;
        outbound.clear();
        outbound.offer(END);
        if (process != null) {
            process.destroy();
        }
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
        return json.convertValue(data, type);
    }

    /**
     * What the server wrote last on stderr, as {@code "; its stderr: ..."} to end a reason with (its
     * last lines, each cut to its end), or empty when it wrote nothing. Waits for the stderr reader to
     * reach the end when the server has exited.
     */
    String stderrTail() {
        if (process != null && !process.isAlive()) {
            synchronized (stderr) {
                long until = System.nanoTime() + 2_000_000_000L;
                while (!stderrDone && System.nanoTime() < until) {
                    try {
                        stderr.wait(100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
        }
        String tail;
        synchronized (stderr) {
            tail = stderr.toString();
        }
        List<String> lines = new ArrayList<>();
        int length = 0;
        List<String> all = tail.lines().toList();
        for (int i = all.size() - 1; i >= 0 && lines.size() < 5 && length < 300; i--) {
            String line = all.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.length() > 300) {
                line = "..." + line.substring(line.length() - 300);
            }
            line = SafeText.line(line, 400);
            lines.add(0, line);
            length += line.length() + 3;
        }
        String shown = SafeText.cut(String.join(" | ", lines), 800);
        return shown.isEmpty() ? "" : "; its stderr: " + shown;
    }

    private void readStderr() {
        char[] chunk = new char[8_192];
        try (Reader in = new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)) {
            int read;
            while ((read = in.read(chunk)) >= 0) {
                synchronized (stderr) {
                    stderr.append(chunk, 0, read);
                    if (stderr.length() > 2 * STDERR_TAIL) {
                        stderr.delete(0, stderr.length() - STDERR_TAIL);
                    }
                }
                if (LOG.isDebugEnabled()) {
                    LOG.debug("{} stderr: {}", endpoint.label(), SafeText.line(new String(chunk, 0, read), 300));
                }
            }
        } catch (IOException e) {
            LOG.debug("{}: reading stderr: {}", endpoint.label(), e.toString());
        } finally {
            synchronized (stderr) {
                stderrDone = true;
                stderr.notifyAll();
            }
        }
    }

    private void write() {
        try (OutputStream in = process.getOutputStream()) {
            while (true) {
                String line = outbound.take();
                if (closing) {
                    return;
                }
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
            }
        } catch (IOException e) {
            if (!closing) {
                LOG.debug("{}: writing to the server: {}", endpoint.label(), e.toString());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void read(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        Lines lines = new Lines(process.getInputStream(), maxMessageBytes);
        try {
            Optional<byte[]> line;
            while (!closing && (line = lines.next()) != null) {
                if (line.isEmpty()) {
                    problem("the server sent a message of more than " + maxMessageBytes
                            + " bytes (McpOptions.maxMessageBytes); it was dropped");
                    continue;
                }
                if (!blank(line.get())) {
                    handle(line.get(), handler);
                }
            }
        } catch (IOException e) {
            if (!closing) {
                LOG.debug("{}: reading stdout: {}", endpoint.label(), e.toString());
            }
        }
    }

    private static boolean blank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    /** The type of message a line holds, or (when empty) why it holds none, to end with the line quoted. */
    private record Kind(Optional<Class<? extends McpSchema.JSONRPCMessage>> type, String problem) {}

    /**
     * What a line is, read token by token without building it: a request, a notification or a
     * response, or not JSON-RPC, or more than {@value #MAX_VALUES} values (a message that would take far
     * more memory as objects than as bytes).
     */
    private Kind kind(byte[] line) {
        boolean jsonrpc = false;
        boolean method = false;
        boolean id = false;
        boolean outcome = false;
        boolean object = false;
        long values = 0;
        int depth = 0;
        String name = null;
        try (JsonParser parser = JSON_TOKENS.createParser(ObjectReadContext.empty(), line)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.PROPERTY_NAME) {
                    name = depth == 1 ? parser.currentName() : null;
                    continue;
                }
                if (token.isStructEnd()) {
                    depth--;
                    continue;
                }
                if (++values > MAX_VALUES) {
                    return new Kind(
                            Optional.empty(),
                            "the server sent a message of more than " + MAX_VALUES + " JSON values; it was dropped: ");
                }
                object |= values == 1 && token == JsonToken.START_OBJECT;
                if (depth == 1 && name != null) {
                    switch (name) {
                        case "jsonrpc" ->
                            jsonrpc = token == JsonToken.VALUE_STRING
                                    && McpSchema.JSONRPC_VERSION.equals(parser.getString());
                        case "method" -> method = true;
                        case "id" -> id = true;
                        case "result", "error" -> outcome = true;
                        default -> {}
                    }
                    name = null;
                }
                if (token.isStructStart()) {
                    depth++;
                }
            }
        } catch (RuntimeException e) {
            return new Kind(
                    Optional.empty(),
                    "the server sent a line that is not JSON-RPC ("
                            + limitBroken(e).orElse("not JSON") + "): ");
        }
        if (!object || !jsonrpc || !(method || (id && outcome))) {
            return new Kind(
                    Optional.empty(), "the server sent a line that is not JSON-RPC (no jsonrpc, method or id): ");
        }
        return new Kind(
                Optional.of(
                        method && id
                                ? McpSchema.JSONRPCRequest.class
                                : method ? McpSchema.JSONRPCNotification.class : McpSchema.JSONRPCResponse.class),
                "");
    }

    /** The parser's own limit that a line broke (nesting depth, string length...), as it names it. */
    private static Optional<String> limitBroken(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (message.contains("exceeds the maximum allowed")) {
                int chain = message.indexOf(" (through reference chain");
                return Optional.of(SafeText.line(chain < 0 ? message : message.substring(0, chain), 200));
            }
        }
        return Optional.empty();
    }

    /** The start of a line, to quote in a reason. */
    private static String quoted(byte[] line) {
        String start = new String(line, 0, Math.min(line.length, 4 * QUOTED_CHARS), StandardCharsets.UTF_8);
        return "\"" + SafeText.line(start.strip(), QUOTED_CHARS) + "\"";
    }

    private void handle(byte[] text, Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        Kind kind = kind(text);
        if (kind.type().isEmpty()) {
            problem(kind.problem() + quoted(text));
            return;
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = json.readValue(text, kind.type().get());
        } catch (IOException | RuntimeException e) {
            problem("the server sent a line that is not JSON-RPC (not a valid "
                    + kind.type().get().getSimpleName() + "): " + quoted(text));
            return;
        }
        if (message instanceof McpSchema.JSONRPCResponse) {
            handler.apply(Mono.just(message))
                    .subscribe(
                            ignored -> {},
                            e -> LOG.warn("{}: handling a response: {}", endpoint.label(), e.toString()));
        } else if (message instanceof McpSchema.JSONRPCNotification notification) {
            if (McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(notification.method())) {
                toolsChanged.run();
            } else {
                LOG.debug(
                        "{}: dropped the notification {}", endpoint.label(), SafeText.line(notification.method(), 80));
            }
        } else if (message instanceof McpSchema.JSONRPCRequest request) {
            McpSchema.JSONRPCResponse response = McpSchema.METHOD_PING.equals(request.method())
                    ? new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(), Map.of(), null)
                    : new McpSchema.JSONRPCResponse(
                            McpSchema.JSONRPC_VERSION,
                            request.id(),
                            null,
                            new McpSchema.JSONRPCResponse.JSONRPCError(
                                    McpSchema.ErrorCodes.METHOD_NOT_FOUND,
                                    "this client offers no method " + SafeText.line(request.method(), 80),
                                    null));
            sendMessage(response)
                    .subscribe(
                            ignored -> {},
                            e -> LOG.debug("{}: answering a request: {}", endpoint.label(), e.toString()));
        }
    }

    private void problem(String reason) {
        lastProblem = reason;
        problems.incrementAndGet();
        LOG.warn("{}: {}", endpoint.label(), reason);
    }

    private static void thread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Lines of a stream, each at most {@code max} bytes: a longer one is given as {@link Optional#empty()}
     * as soon as it passes {@code max}, not at its newline (which a hostile server may never send), and the
     * rest of it, up to its newline, is skipped; so no more than {@code max} bytes of it are ever held.
     */
    static final class Lines {
        private final InputStream in;
        private final int max;
        private final byte[] buffer = new byte[65_536];
        private int position;
        private int limit;
        /** Whether the rest of a line already given as too long is being skipped. */
        private boolean skipping;

        Lines(InputStream in, int max) {
            this.in = in;
            this.max = max;
        }

        /** The next line without its newline, empty when it was too long, null at the end of the stream. */
        Optional<byte[]> next() throws IOException {
            byte[] line = new byte[0];
            int length = 0;
            while (true) {
                if (position == limit) {
                    limit = in.read(buffer);
                    position = 0;
                    if (limit <= 0) {
                        limit = 0;
                        return length == 0 ? null : Optional.of(Arrays.copyOf(line, length));
                    }
                }
                int end = position;
                while (end < limit && buffer[end] != '\n') {
                    end++;
                }
                boolean ended = end < limit;
                if (skipping) {
                    skipping = !ended;
                    position = ended ? end + 1 : end;
                    continue;
                }
                int count = end - position;
                if ((long) length + count > max) {
                    skipping = !ended;
                    position = ended ? end + 1 : end;
                    return Optional.empty();
                }
                if (length + count > line.length) {
                    line = Arrays.copyOf(line, Math.min(max, Math.max(2 * line.length, length + count)));
                }
                System.arraycopy(buffer, position, line, length, count);
                length += count;
                position = end;
                if (ended) {
                    position++; // the newline
                    return Optional.of(Arrays.copyOf(line, length));
                }
            }
        }
    }
}
