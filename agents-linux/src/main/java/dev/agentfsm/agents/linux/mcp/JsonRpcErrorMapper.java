package dev.agentfsm.agents.linux.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * The JSON mapper of the SDK's HTTP transport, which writes its own refusals (no session id, an
 * {@code Accept} without {@code text/event-stream}) by serializing the {@link McpError} itself: a Java
 * exception as a bean, with its stack trace, class and file names. Here such an error is written as the
 * JSON-RPC error response it stands for, with its code and message only; everything else is the
 * SDK's mapper unchanged.
 */
final class JsonRpcErrorMapper implements McpJsonMapper {
    private final McpJsonMapper mapper;

    JsonRpcErrorMapper(McpJsonMapper mapper) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        if (value instanceof McpError error) {
            return refusal(error).json(mapper);
        }
        return mapper.writeValueAsString(value);
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        if (value instanceof McpError error) {
            return refusal(error).json(mapper).getBytes(StandardCharsets.UTF_8);
        }
        return mapper.writeValueAsBytes(value);
    }

    private static JsonRpcCheck.Refusal refusal(McpError error) {
        return error.getJsonRpcError() == null
                ? new JsonRpcCheck.Refusal(
                        Optional.empty(), JsonRpcCheck.INTERNAL_ERROR, String.valueOf(error.getMessage()))
                : new JsonRpcCheck.Refusal(
                        Optional.empty(),
                        error.getJsonRpcError().code(),
                        error.getJsonRpcError().message());
    }

    @Override
    public <T> T readValue(String content, Class<T> type) throws IOException {
        return mapper.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        return mapper.readValue(content, type);
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        return mapper.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        return mapper.readValue(content, type);
    }

    @Override
    public <T> T convertValue(Object fromValue, Class<T> type) {
        return mapper.convertValue(fromValue, type);
    }

    @Override
    public <T> T convertValue(Object fromValue, TypeRef<T> type) {
        return mapper.convertValue(fromValue, type);
    }
}
