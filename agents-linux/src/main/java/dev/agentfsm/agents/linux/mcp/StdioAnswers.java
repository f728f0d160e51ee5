package dev.agentfsm.agents.linux.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The client's output as the SDK's stdio transport writes to it, counting the JSON-RPC responses that
 * pass (one message a line), so that the server can wait, when the client's input ends, for the
 * answers to the requests it had passed on: the SDK drops every message still unwritten once its own
 * input has ended. The SDK writes under this object's lock; {@link #writeOwn} does so too.
 */
final class StdioAnswers extends FilterOutputStream {
    private final McpJsonMapper mapper;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long answers;

    StdioAnswers(OutputStream out, McpJsonMapper mapper) {
        super(Objects.requireNonNull(out, "out"));
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    @Override
    public synchronized void write(int b) throws IOException {
        out.write(b);
        see(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        for (int i = off; i < off + len; i++) {
            see(b[i]);
        }
    }

    /** A line the server writes itself (an error it answers): flushed, not counted. */
    synchronized void writeOwn(byte[] line) throws IOException {
        out.write(line);
        out.flush();
    }

    /**
     * Waits until at least {@code requests} responses have been written, or {@code atMost} has passed.
     *
     * @return whether they all were
     */
    synchronized boolean await(long requests, Duration atMost) throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (answers < requests) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    private void see(int b) {
        if (b != '\n') {
            line.write(b);
            return;
        }
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        if (isResponse(text)) {
            answers++;
            notifyAll();
        }
    }

    private boolean isResponse(String text) {
        try {
            Map<?, ?> message = mapper.readValue(text, Map.class);
            return message.containsKey("id")
                    && !message.containsKey("method")
                    && (message.containsKey("result") || message.containsKey("error"));
        } catch (IOException | RuntimeException e) { // not JSON: not an answer
            return false;
        }
    }
}
