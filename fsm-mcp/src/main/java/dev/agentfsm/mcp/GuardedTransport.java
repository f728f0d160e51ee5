package dev.agentfsm.mcp;

import dev.agentfsm.runtime.internal.SafeText;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The transport the SDK's session sees, around the driver's stdio transport or the SDK's HTTP one: the
 * server's answers are made safe before the SDK reads them, because the SDK logs what it reads as it
 * is, at info and warn level, on the user's terminal and in the user's log files.
 *
 * <ul>
 *   <li>a notification other than {@code tools/list_changed}, the one the driver reads, is dropped: the
 *       SDK would log the method of one it has no handler for at warn level (the driver's stdio
 *       transport drops them before, the SDK's HTTP transport does not);
 *   <li>an answer to no request the client sent (or one already answered) is dropped: the SDK would
 *       log its id, a string of the server's choosing of any length, at warn level;
 *   <li>a JSON-RPC error's message is escaped and cut to {@value #ERROR_CHARS} characters, and its
 *       {@code data}, which the driver never reads, is dropped: the SDK logs the error at info level
 *       and makes it the message of the exception the driver gets;
 *   <li>the answer to {@code initialize} keeps its server name and version escaped and cut, and loses
 *       its {@code instructions} and experimental capabilities, which the driver never reads and the
 *       SDK logs at info level;
 *   <li>in the answer to {@code tools/list}, a tool's name holding a control, bidi or invisible character, or
 *       longer than {@value #NAME_CHARS} characters, is escaped and cut ({@link #listedName}): the SDK logs a
 *       name that is not MCP's at warn level, and the driver refuses such a tool either way;
 *   <li>a request whose caller gave up is forgotten ({@link #ABANDONED}).
 * </ul>
 */
final class GuardedTransport implements McpClientTransport {
    private static final Logger LOG = LoggerFactory.getLogger(GuardedTransport.class);
    static final int ERROR_CHARS = 1_000;
    /** The key of a request's context under which a {@code Mono<Boolean>} says that its caller gave it up. */
    static final String ABANDONED = GuardedTransport.class.getName() + ".abandoned";

    private static final int NAME_CHARS = 200;

    private final McpClientTransport transport;
    private final String label;
    /** The method of each request sent and not yet answered, by its id. */
    private final Map<Object, String> waiting = new ConcurrentHashMap<>();

    GuardedTransport(McpClientTransport transport, String label) {
        this.transport = transport;
        this.label = label;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return transport.connect(messages -> handler.apply(messages.flatMap(this::guarded)));
    }

    /**
     * Sends a message. The id of a request sent with {@link #ABANDONED} in its context is forgotten when
     * that signal comes (the driver's wait for it ended), so that calls that time out do not pile up
     * here, and an answer that comes later is dropped.
     */
    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        if (!(message instanceof McpSchema.JSONRPCRequest request) || request.id() == null) {
            return transport.sendMessage(message);
        }
        waiting.put(request.id(), request.method());
        return Mono.deferContextual(context -> {
            Optional<Mono<Boolean>> abandoned = context.getOrEmpty(ABANDONED);
            abandoned.ifPresent(signal -> signal.subscribe(ignored -> waiting.remove(request.id())));
            return transport.sendMessage(message);
        });
    }

    @Override
    public Mono<Void> closeGracefully() {
        return transport.closeGracefully();
    }

    @Override
    public void close() {
        transport.close();
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
        return transport.unmarshalFrom(data, type);
    }

    @Override
    public List<String> protocolVersions() {
        return transport.protocolVersions();
    }

    @Override
    public void setExceptionHandler(Consumer<Throwable> handler) {
        transport.setExceptionHandler(handler);
    }

    /** The message as the SDK may read it, or none when it answers no request of the client's. */
    private Mono<McpSchema.JSONRPCMessage> guarded(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCNotification notification
                && !McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(notification.method())) {
            LOG.debug(
                    "{}: dropped the notification {}", label, SafeText.line(String.valueOf(notification.method()), 80));
            return Mono.empty();
        }
        if (!(message instanceof McpSchema.JSONRPCResponse response)) {
            return Mono.just(message);
        }
        String method = response.id() == null ? null : waiting.remove(response.id());
        if (method == null) {
            LOG.debug(
                    "{}: dropped an answer to no request of the client's (id {})",
                    label,
                    SafeText.line(String.valueOf(response.id()), 80));
            return Mono.empty();
        }
        if (response.error() != null) {
            McpSchema.JSONRPCResponse.JSONRPCError error = response.error();
            return Mono.just(new McpSchema.JSONRPCResponse(
                    response.jsonrpc(),
                    response.id(),
                    null,
                    new McpSchema.JSONRPCResponse.JSONRPCError(
                            error.code(), SafeText.line(String.valueOf(error.message()), ERROR_CHARS), null)));
        }
        if (McpSchema.METHOD_INITIALIZE.equals(method) && response.result() instanceof Map<?, ?> result) {
            return Mono.just(
                    new McpSchema.JSONRPCResponse(response.jsonrpc(), response.id(), initialized(result), null));
        }
        if (McpSchema.METHOD_TOOLS_LIST.equals(method)
                && response.result() instanceof Map<?, ?> result
                && result.get("tools") instanceof List<?> tools) {
            return Mono.just(
                    new McpSchema.JSONRPCResponse(response.jsonrpc(), response.id(), listed(result, tools), null));
        }
        return Mono.just(message);
    }

    /**
     * A tool's name as the SDK reads it from {@code tools/list}: escaped and cut as {@link SafeText#line} does. A
     * name this changes is not one of MCP's (those are at most 128 of {@code A-Z a-z 0-9 _ - . /}), so the tool is
     * refused by the driver as before, under this name.
     */
    static String listedName(String name) {
        return SafeText.line(name, NAME_CHARS);
    }

    /** The answer to {@code tools/list} with each tool's name as {@link #listedName} gives it. */
    private static Map<String, Object> listed(Map<?, ?> result, List<?> tools) {
        List<Object> named = new ArrayList<>(tools.size());
        for (Object tool : tools) {
            if (tool instanceof Map<?, ?> fields
                    && fields.get("name") instanceof String name
                    && !listedName(name).equals(name)) {
                Map<String, Object> renamed = new LinkedHashMap<>();
                fields.forEach((key, value) -> renamed.put(String.valueOf(key), value));
                renamed.put("name", listedName(name));
                named.add(renamed);
            } else {
                named.add(tool);
            }
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        result.forEach((key, value) -> copy.put(String.valueOf(key), value));
        copy.put("tools", named);
        return copy;
    }

    /** The answer to {@code initialize} with only what the driver reads, its strings escaped. */
    private static Map<String, Object> initialized(Map<?, ?> result) {
        Map<String, Object> kept = new LinkedHashMap<>();
        if (result.get("protocolVersion") instanceof String version) {
            kept.put("protocolVersion", SafeText.line(version, NAME_CHARS));
        }
        if (result.get("capabilities") instanceof Map<?, ?> capabilities) {
            Map<String, Object> standard = new LinkedHashMap<>();
            capabilities.forEach((key, value) -> {
                if (!"experimental".equals(key) && !"extensions".equals(key)) {
                    standard.put(String.valueOf(key), value);
                }
            });
            kept.put("capabilities", standard);
        }
        if (result.get("serverInfo") instanceof Map<?, ?> info) {
            Map<String, Object> named = new LinkedHashMap<>();
            for (String key : List.of("name", "title", "version")) {
                if (info.get(key) instanceof String value) {
                    named.put(key, SafeText.line(value, NAME_CHARS));
                }
            }
            kept.put("serverInfo", named);
        }
        return kept;
    }
}
