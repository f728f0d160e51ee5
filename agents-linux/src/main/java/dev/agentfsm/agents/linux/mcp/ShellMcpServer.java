package dev.agentfsm.agents.linux.mcp;

import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.DispatcherType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The hardened shell ({@link ShellDriver}, with its whole policy, sandbox and limits) served as an MCP
 * server on the official MCP Java SDK, so that any MCP client gets UFO's allow-listed shell. Its
 * tools are the driver's: {@code execute_command} and {@code get_system_info}, each with a JSON
 * Schema; a refused or failed command is a result with {@code isError}, as MCP asks of tool errors.
 * It also answers {@code ping} and {@code logging/setLevel}.
 *
 * <p>On stdio ({@link #serveStdio}) it serves until its input ends; a malformed line gets a JSON-RPC
 * error and the server goes on. On Streamable HTTP ({@link #serveHttp}) it listens at {@code /mcp} on
 * the address given, behind the checks of {@link HttpServerOptions}: {@code Host} and {@code Origin}
 * (against DNS rebinding), a bearer token, and caps on bodies, sessions and idle time.
 */
public final class ShellMcpServer {
    /** The path of the Streamable HTTP endpoint. */
    public static final String ENDPOINT = "/mcp";

    /** How long stdio waits, once its input has ended, for answers: a command's longest time-out and more. */
    private static final Duration LAST_ANSWERS = Duration.ofSeconds(150);

    /** The bytes between the line check and the SDK's stdio transport. */
    private static final int PIPE_BYTES = 64 * 1024;

    private final ShellDriver shell;
    private final Duration timeout;

    /**
     * @param shell the shell the tools run on
     * @param timeout a command's time-out when the call names none (the driver clamps it to 1-120 s)
     */
    public ShellMcpServer(ShellDriver shell, Duration timeout) {
        this.shell = Objects.requireNonNull(shell, "shell");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /**
     * Serves on {@code in} and {@code out} (the process's stdin and stdout) until {@code in} ends. A
     * line that is not a JSON-RPC message is answered with a JSON-RPC error (parse error -32700,
     * invalid request -32600) and the server goes on. When the input ends, the requests already read
     * are answered before the server ends.
     *
     * @throws IOException when {@code in} cannot be read or {@code out} written
     */
    public void serveStdio(InputStream in, OutputStream out) throws IOException, InterruptedException {
        McpJsonMapper mapper = McpJsonDefaults.getMapper();
        PipedInputStream sdkIn = new PipedInputStream(PIPE_BYTES);
        PipedOutputStream toSdk = new PipedOutputStream(sdkIn);
        StdioAnswers answers = new StdioAnswers(out, mapper);
        McpSyncServer server = configure(McpServer.sync(new StdioServerTransportProvider(mapper, sdkIn, answers)));
        try {
            new StdioLines(in, answers, toSdk, mapper, LAST_ANSWERS).pass();
        } finally {
            server.closeGracefully();
        }
    }

    /**
     * Listens for Streamable HTTP at {@code http://address:port/mcp}; port 0 picks a free port. Every
     * request passes the checks of {@code options} before the MCP SDK sees it.
     *
     * @return the running server; {@link Http#close()} stops it
     * @throws IllegalArgumentException when {@code options} have no token and {@code address} is not a
     *     loopback address
     */
    public Http serveHttp(InetSocketAddress address, HttpServerOptions options) throws Exception {
        InetAddress bound = address.getAddress();
        if (bound == null) {
            throw new IllegalArgumentException(
                    "cannot resolve the address to listen on, '" + address.getHostString() + "'; give an IP address");
        }
        if (options.token().isEmpty() && !bound.isLoopbackAddress()) {
            throw new IllegalArgumentException("a server without a bearer token may listen on a loopback address only"
                    + " (127.0.0.1, ::1), not on " + address.getHostString()
                    + "; keep the token (--token-env NAME, or the generated one) or bind to 127.0.0.1");
        }
        McpJsonMapper mapper = McpJsonDefaults.getMapper();
        SdkExecutors.Built<HttpServletStreamableServerTransportProvider> built =
                SdkExecutors.started(() -> HttpServletStreamableServerTransportProvider.builder()
                        // its own refusals as JSON-RPC errors, not as Java exceptions with their stack traces
                        .jsonMapper(new JsonRpcErrorMapper(mapper))
                        .mcpEndpoint(ENDPOINT)
                        .maxRequestSize(options.maxBodyBytes())
                        // the SDK drops a session idle for this long: the guard has expired it by then
                        .sessionSweepInterval(options.sessionIdle())
                        .build());
        HttpServletStreamableServerTransportProvider transport = built.value();
        McpSyncServer mcp;
        try {
            mcp = configure(McpServer.sync(transport));
        } catch (RuntimeException e) {
            built.executors().shutdown();
            throw e;
        }
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        // the address checked above, not its name: Jetty would look the name up again, and the answer may differ
        connector.setHost(bound.getHostAddress());
        connector.setPort(address.getPort());
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        SessionRegistry sessions = new SessionRegistry(options.maxSessions(), options.sessionIdle(), options.clock());
        HttpGuard guard = new HttpGuard(
                options, bound.isAnyLocalAddress() ? Optional.empty() : Optional.of(bound), sessions, mapper);
        context.addFilter(new FilterHolder(guard), "/*", EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(new ServletHolder(transport), ENDPOINT);
        jetty.setHandler(context);
        try {
            jetty.start();
        } catch (Exception e) {
            mcp.close();
            try {
                jetty.stop(); // its threads are not daemons either
            } catch (Exception stop) { // Jetty's LifeCycle.stop() declares Exception
                e.addSuppressed(stop);
            }
            built.executors().shutdown();
            throw e;
        }
        return new Http(jetty, mcp, built.executors(), connector.getLocalPort(), address.getHostString());
    }

    /** A running HTTP server. */
    public static final class Http implements AutoCloseable {
        private final Server jetty;
        private final McpSyncServer mcp;
        private final SdkExecutors executors;
        private final int port;
        private final String host;

        private Http(Server jetty, McpSyncServer mcp, SdkExecutors executors, int port, String host) {
            this.jetty = jetty;
            this.mcp = mcp;
            this.executors = executors;
            this.port = port;
            this.host = host;
        }

        /** The port it listens on. */
        public int port() {
            return port;
        }

        /** The endpoint's URL, e.g. {@code http://127.0.0.1:8931/mcp}. */
        public String url() {
            return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + ENDPOINT;
        }

        /** Blocks until the server stops. */
        public void join() throws InterruptedException {
            jetty.join();
        }

        /**
         * Closes the MCP sessions and stops the HTTP server, leaving none of its threads running.
         *
         * @throws IllegalStateException when Jetty fails to stop, naming the address
         */
        @Override
        public void close() {
            mcp.closeGracefully();
            executors.shutdown();
            try {
                jetty.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while stopping the MCP server at " + url(), e);
            } catch (Exception e) { // Jetty's LifeCycle.stop() declares Exception
                throw new IllegalStateException("could not stop the MCP server at " + url() + ": " + e, e);
            }
        }
    }

    private McpSyncServer configure(McpServer.SyncSpecification<?> spec) {
        return spec.serverInfo("agent-fsm-shell", "0.1.0")
                .instructions(instructions())
                .capabilities(McpSchema.ServerCapabilities.builder()
                        .tools(false)
                        .logging()
                        .build())
                .tools(tools())
                .build();
    }

    /** What the server tells a client about the shell when it connects. */
    String instructions() {
        SortedSet<String> unsafe = shell.config().unsafeCommands();
        return "UFO's allow-listed Linux shell: read-only commands, run without a shell, inside "
                + shell.config().root()
                + (unsafe.isEmpty()
                        ? ""
                        : "; also " + String.join(", ", unsafe)
                                + ", allowed as unsafe: they may write files or run programs, so confirm each call");
    }

    /** The driver's tools, each with a JSON Schema that says what the driver accepts. */
    List<McpServerFeatures.SyncToolSpecification> tools() {
        return shell.tools().stream()
                .map(spec -> McpServerFeatures.SyncToolSpecification.builder()
                        .tool(McpSchema.Tool.builder(spec.name(), schema(spec))
                                .description(spec.description())
                                .annotations(annotations(spec))
                                .build())
                        .callHandler((exchange, request) -> call(request))
                        .build())
                .toList();
    }

    /**
     * What a client may assume of a tool before it calls it. A client may run a read-only tool without
     * asking its user, so {@code execute_command} is read-only only while the shell allows no unsafe command
     * ({@code allowUnsafe}, {@code --allow-unsafe}): with one, it may write files or run programs, and is
     * marked destructive, for the client to confirm each call as the LinuxAgent does.
     */
    private McpSchema.ToolAnnotations annotations(ToolSpec spec) {
        boolean readOnly = !spec.name().equals(ShellDriver.EXECUTE_COMMAND)
                || shell.config().unsafeCommands().isEmpty();
        return new McpSchema.ToolAnnotations(null, readOnly, !readOnly, false, false, null);
    }

    private static Map<String, Object> schema(ToolSpec spec) {
        Map<String, Object> properties = new LinkedHashMap<>();
        spec.parameters().forEach((name, description) -> {
            Map<String, Object> property = new LinkedHashMap<>();
            if (name.equals("timeout")) {
                property.put("type", "integer");
                property.put("minimum", 1);
                property.put("maximum", 120);
            } else {
                property.put("type", "string");
            }
            property.put("description", description);
            properties.put(name, property);
        });
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        if (spec.name().equals(ShellDriver.EXECUTE_COMMAND)) {
            schema.put("required", List.of("command"));
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    McpSchema.CallToolResult call(McpSchema.CallToolRequest request) {
        Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
        ActionResult result;
        try {
            result = shell.execute(new Action(request.name(), arguments), timeout);
        } catch (DriverException e) {
            return McpSchema.CallToolResult.builder()
                    .addTextContent("the shell failed: " + e.getMessage())
                    .isError(true)
                    .build();
        }
        String text = result.success()
                ? result.output()
                : result.reason().orElse("failed") + (result.output().isEmpty() ? "" : "\n" + result.output());
        return McpSchema.CallToolResult.builder()
                .addTextContent(text)
                .isError(!result.success())
                .build();
    }
}
