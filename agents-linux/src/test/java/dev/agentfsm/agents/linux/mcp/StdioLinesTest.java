package dev.agentfsm.agents.linux.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.json.McpJsonDefaults;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The line check in front of the SDK's stdio transport, in-process: what is answered, what is passed on. */
class StdioLinesTest {
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}";

    @Test
    void badLinesAreAnsweredGoodOnesPassedOnAndTheEndOfInputClosesTheSdksInput() throws Exception {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        input.writeBytes("garbage\r\n\n   \n".getBytes(StandardCharsets.UTF_8));
        input.writeBytes("x".repeat(StdioLines.MAX_LINE_BYTES + 1).getBytes(StandardCharsets.UTF_8));
        input.writeBytes(("\n\"a string\"\n{\"jsonrpc\":\"2.0\",\"id\":\"r1\",\"params\":{}}\n" + PING + "\r\n" + PING)
                .getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ClosingSink sdk = new ClosingSink();

        // no SDK answers here: the requests passed on are not waited for
        new StdioLines(
                        new ByteArrayInputStream(input.toByteArray()),
                        new StdioAnswers(out, McpJsonDefaults.getMapper()),
                        sdk,
                        McpJsonDefaults.getMapper(),
                        Duration.ZERO)
                .pass();

        List<String> answers = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(4, answers.size(), answers.toString());
        assertTrue(
                answers.get(0).startsWith("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,"),
                answers.get(0));
        assertTrue(
                answers.get(1)
                        .contains("\"code\":-32600,\"message\":\"Invalid Request: a message is at most 16777216 bytes"),
                answers.get(1));
        assertTrue(
                answers.get(2)
                        .contains(
                                "\"code\":-32600,\"message\":\"Invalid Request: a message is one JSON-RPC object, got the JSON value"),
                answers.get(2));
        assertTrue(
                answers.get(3).startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"r1\",\"error\":{\"code\":-32600,"),
                answers.get(3));
        assertEquals(PING + "\n" + PING + "\n", sdk.toString(StandardCharsets.UTF_8), "the last line needs no newline");
        assertTrue(sdk.closed, "the SDK sees the end of the input");
    }

    private static final class ClosingSink extends ByteArrayOutputStream {
        boolean closed;

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void atTheEndOfInputItWaitsForTheAnswersTheSdkWillGiveAndNoOthers() throws Exception {
        String input = RawHttp.initialize("script") + "\n" + PING + "\n"; // no notifications/initialized
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdioAnswers answers = new StdioAnswers(out, McpJsonDefaults.getMapper());
        // a stand-in SDK: answers initialize, and holds the ping as the SDK does until the client is initialized
        OutputStream sdk = new ByteArrayOutputStream() {
            @Override
            public void flush() throws java.io.IOException {
                if (toString(StandardCharsets.UTF_8).contains("\"method\":\"initialize\"")) {
                    reset();
                    answers.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n".getBytes(StandardCharsets.UTF_8));
                }
            }
        };
        StdioLines lines = new StdioLines(
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                answers,
                sdk,
                McpJsonDefaults.getMapper(),
                Duration.ofDays(1));
        // a failure guard only: waiting for the held ping's answer would block for a day
        assertTimeoutPreemptively(Duration.ofMinutes(2), lines::pass);
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n", out.toString(StandardCharsets.UTF_8));
    }
}
