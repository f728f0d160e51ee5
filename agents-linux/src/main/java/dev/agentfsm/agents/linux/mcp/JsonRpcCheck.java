package dev.agentfsm.agents.linux.mcp;

import dev.agentfsm.runtime.internal.SafeText;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a message a client sent is one the SDK's transports can take, decided the way they decide
 * it ({@link McpSchema#deserializeJsonRpcMessage}); if not, the JSON-RPC error to answer. The stdio
 * transport stops reading at the first message it cannot take and the HTTP one answers with a Java
 * stack trace, so both servers check first and answer a malformed message themselves.
 */
final class JsonRpcCheck {
    /** JSON-RPC 2.0: the text is not JSON. */
    static final int PARSE_ERROR = -32700;
    /** JSON-RPC 2.0: JSON, but not a request, notification or response. */
    static final int INVALID_REQUEST = -32600;
    /** JSON-RPC 2.0: the server failed; an error the SDK raised without a code. */
    static final int INTERNAL_ERROR = -32603;

    private static final int QUOTED_CHARS = 80;

    private JsonRpcCheck() {}

    /** What a message turned out to be. */
    sealed interface Verdict permits Message, Refusal {}

    /** A message the SDK can take. */
    record Message(McpSchema.JSONRPCMessage message) implements Verdict {
        boolean isInitialize() {
            return message instanceof McpSchema.JSONRPCRequest request
                    && McpSchema.METHOD_INITIALIZE.equals(request.method());
        }
    }

    /**
     * A message refused: the JSON-RPC error to answer.
     *
     * @param id the message's {@code id} when it had a usable one (a string or an integer)
     */
    record Refusal(Optional<Object> id, int code, String message) implements Verdict {
        /** The JSON-RPC error response, on one line. */
        String json(McpJsonMapper mapper) {
            try {
                return "{\"jsonrpc\":\"2.0\",\"id\":" + (id.isPresent() ? mapper.writeValueAsString(id.get()) : "null")
                        + ",\"error\":{\"code\":" + code + ",\"message\":" + mapper.writeValueAsString(message) + "}}";
            } catch (IOException e) {
                throw new UncheckedIOException("could not write a JSON-RPC error: " + e.getMessage(), e);
            }
        }
    }

    static Refusal tooLarge(long limit) {
        return new Refusal(
                Optional.empty(),
                INVALID_REQUEST,
                "Invalid Request: a message is at most " + limit + " bytes; this one is longer");
    }

    static Verdict check(McpJsonMapper mapper, String text) {
        Object json;
        try {
            json = mapper.readValue(text, Object.class);
        } catch (IOException | RuntimeException e) { // Jackson 3's exceptions are unchecked
            return new Refusal(Optional.empty(), PARSE_ERROR, "Parse error: not JSON: " + quote(text));
        }
        if (!(json instanceof Map<?, ?> object)) {
            String what = json instanceof List<?>
                    ? "a JSON array (a batch, which MCP does not use)"
                    : "the JSON value " + quote(text);
            return new Refusal(
                    Optional.empty(),
                    INVALID_REQUEST,
                    "Invalid Request: a message is one JSON-RPC object, got " + what);
        }
        Optional<Object> id = Optional.ofNullable(object.get("id"))
                .filter(value -> value instanceof String || value instanceof Integer || value instanceof Long);
        if (!object.containsKey("method") && !object.containsKey("result") && !object.containsKey("error")) {
            return new Refusal(
                    id,
                    INVALID_REQUEST,
                    "Invalid Request: a message needs a 'method' (a request or a notification) or a 'result' or"
                            + " 'error' (a response); it has none of them");
        }
        if (object.get("id") != null && id.isEmpty()) {
            return new Refusal(
                    Optional.empty(),
                    INVALID_REQUEST,
                    "Invalid Request: the id " + SafeText.line(json(mapper, object.get("id")), QUOTED_CHARS)
                            + " is neither a string nor an integer of 64 bits; give a string, or an integer from "
                            + Long.MIN_VALUE + " to " + Long.MAX_VALUE);
        }
        try {
            return new Message(McpSchema.deserializeJsonRpcMessage(mapper, text));
        } catch (IOException | RuntimeException e) {
            // the SDK's own sentence (its record's check), not the Jackson exception that wraps it, cut before it
            return new Refusal(
                    id,
                    INVALID_REQUEST,
                    "Invalid Request: " + firstLine(innermost(e).getMessage()));
        }
    }

    private static Throwable innermost(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static String json(McpJsonMapper mapper, Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (IOException e) {
            return String.valueOf(value);
        }
    }

    private static String quote(String text) {
        String line = text.strip();
        return "'" + (line.length() > QUOTED_CHARS ? line.substring(0, QUOTED_CHARS) + "..." : line) + "'";
    }

    private static String firstLine(String message) {
        String line = message == null
                ? "not a JSON-RPC message"
                : message.lines().findFirst().orElse("");
        return line.length() > 2 * QUOTED_CHARS ? line.substring(0, 2 * QUOTED_CHARS) + "..." : line;
    }
}
