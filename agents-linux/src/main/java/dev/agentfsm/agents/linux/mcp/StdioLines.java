package dev.agentfsm.agents.linux.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * Stands between the client's input and the SDK's stdio transport, which stops reading for good at
 * the first line it cannot take (and so never sees the input end either). Each line is checked
 * ({@link JsonRpcCheck}): a malformed one is answered here with a JSON-RPC error, a good one is
 * passed on; when the client's input ends, the SDK's input is closed, so that it ends too.
 */
final class StdioLines {
    /** The longest line taken, the SDK's own limit; a longer one is answered and skipped. */
    static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

    private final InputStream in;
    private final StdioAnswers out;
    private final OutputStream sdk;
    private final McpJsonMapper mapper;
    private final Duration lastAnswers;
    /** The requests passed on that the SDK will answer. */
    private long requests;
    /** Requests passed on before the client said it was initialized: the SDK holds them until then. */
    private long held;

    private boolean initialized;
    private final byte[] buffer = new byte[8192];
    private int start;
    private int end;

    /**
     * @param in the client's input
     * @param out the client's output, which the SDK writes to
     * @param sdk the SDK transport's input
     * @param lastAnswers how long to wait, once the input has ended, for the answers to the requests
     *     passed on (a command takes at most 120 s)
     */
    StdioLines(InputStream in, StdioAnswers out, OutputStream sdk, McpJsonMapper mapper, Duration lastAnswers) {
        this.in = Objects.requireNonNull(in, "in");
        this.out = Objects.requireNonNull(out, "out");
        this.sdk = Objects.requireNonNull(sdk, "sdk");
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.lastAnswers = Objects.requireNonNull(lastAnswers, "lastAnswers");
    }

    /**
     * Passes lines on until the client's input ends (or the SDK stops reading), waits for the answers
     * to the requests passed on, then closes the SDK's input.
     *
     * @throws IOException when the client's input cannot be read or its output cannot be written
     */
    void pass() throws IOException, InterruptedException {
        try (sdk) {
            for (Line line = next(); line != null; line = next()) {
                if (line.tooLong()) {
                    answer(JsonRpcCheck.tooLarge(MAX_LINE_BYTES));
                    continue;
                }
                String text = new String(line.bytes(), StandardCharsets.UTF_8).strip();
                if (text.isEmpty()) {
                    continue;
                }
                JsonRpcCheck.Verdict verdict = JsonRpcCheck.check(mapper, text);
                if (verdict instanceof JsonRpcCheck.Refusal refusal) {
                    answer(refusal);
                    continue;
                }
                count(((JsonRpcCheck.Message) verdict).message());
                try {
                    sdk.write((text + "\n").getBytes(StandardCharsets.UTF_8));
                    sdk.flush();
                } catch (IOException e) { // the SDK's transport has stopped reading: so does the server
                    return;
                }
            }
            out.await(requests, lastAnswers);
        }
    }

    /**
     * Counts the requests to wait for at the end: the SDK answers {@code initialize} at once and holds
     * any other request until the client's {@code notifications/initialized}, and never answers one
     * held when the input ends.
     */
    private void count(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCNotification notification
                && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(notification.method())
                && !initialized) {
            initialized = true;
            requests += held;
            held = 0;
        } else if (message instanceof McpSchema.JSONRPCRequest request) {
            if (initialized || McpSchema.METHOD_INITIALIZE.equals(request.method())) {
                requests++;
            } else {
                held++;
            }
        }
    }

    private void answer(JsonRpcCheck.Refusal refusal) throws IOException {
        out.writeOwn((refusal.json(mapper) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** A line without its end; {@code tooLong} when it had more than {@link #MAX_LINE_BYTES} (then empty). */
    private static final class Line {
        private final byte[] bytes;
        private final boolean tooLong;

        Line(byte[] bytes, boolean tooLong) {
            this.bytes = bytes;
            this.tooLong = tooLong;
        }

        byte[] bytes() {
            return bytes;
        }

        boolean tooLong() {
            return tooLong;
        }
    }

    /** The next line, or {@code null} at the end of the input. */
    private Line next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean tooLong = false;
        boolean any = false;
        while (true) {
            if (start == end) {
                int n = in.read(buffer);
                if (n < 0) {
                    return any ? new Line(tooLong ? new byte[0] : line.toByteArray(), tooLong) : null;
                }
                start = 0;
                end = n;
            }
            any = true;
            int newline = start;
            while (newline < end && buffer[newline] != '\n') {
                newline++;
            }
            int length = newline - start;
            if (!tooLong && line.size() + length > MAX_LINE_BYTES) {
                tooLong = true;
                line = new ByteArrayOutputStream();
            }
            if (!tooLong) {
                line.write(buffer, start, length);
            }
            if (newline < end) {
                start = newline + 1;
                return new Line(tooLong ? new byte[0] : line.toByteArray(), tooLong);
            }
            start = end;
        }
    }
}
