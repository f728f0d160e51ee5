package dev.agentfsm.agents.linux.mcp;

import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
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
 * <p>On stdio ({@link #serveStdio}) it serves until its input ends. On Streamable HTTP
 * ({@link #serveHttp}) it listens at {@code /mcp} on the address given, {@code 127.0.0.1} unless the
 * caller says otherwise.
 */
public final class ShellMcpServer {
    /** The path of the Streamable HTTP endpoint. */
    public static final String ENDPOINT = "/mcp";

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

    /** Serves on {@code in} and {@code out} (the process's stdin and stdout) until {@code in} ends. */
    public void serveStdio(InputStream in, OutputStream out) throws InterruptedException {
        CountDownLatch ended = new CountDownLatch(1);
        InputStream watched = new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                return ended(super.read());
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return ended(super.read(b, off, len));
            }

            private int ended(int n) {
                if (n < 0) {
                    ended.countDown();
                }
                return n;
            }
        };
        McpSyncServer server =
                configure(McpServer.sync(new StdioServerTransportProvider(McpJsonDefaults.getMapper(), watched, out)));
        try {
            ended.await();
        } finally {
            server.closeGracefully();
        }
    }

    /**
     * Listens for Streamable HTTP at {@code http://address:port/mcp}; port 0 picks a free port.
     *
     * @return the running server; {@link Http#close()} stops it
     */
    public Http serveHttp(InetSocketAddress address) throws Exception {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(McpJsonDefaults.getMapper())
                .mcpEndpoint(ENDPOINT)
                .build();
        McpSyncServer mcp = configure(McpServer.sync(transport));
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost(address.getHostString());
        connector.setPort(address.getPort());
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.addServlet(new ServletHolder(transport), ENDPOINT);
        jetty.setHandler(context);
        try {
            jetty.start();
        } catch (Exception e) {
            mcp.close();
            throw e;
        }
        return new Http(jetty, mcp, connector.getLocalPort(), address.getHostString());
    }

    /** A running HTTP server. */
    public static final class Http implements AutoCloseable {
        private final Server jetty;
        private final McpSyncServer mcp;
        private final int port;
        private final String host;

        private Http(Server jetty, McpSyncServer mcp, int port, String host) {
            this.jetty = jetty;
            this.mcp = mcp;
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
         * Closes the MCP sessions and stops the HTTP server.
         *
         * @throws IllegalStateException when Jetty fails to stop, naming the address
         */
        @Override
        public void close() {
            mcp.closeGracefully();
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
                .instructions("UFO's allow-listed Linux shell: read-only commands, run without a shell, inside "
                        + shell.config().root())
                .capabilities(McpSchema.ServerCapabilities.builder()
                        .tools(false)
                        .logging()
                        .build())
                .tools(tools())
                .build();
    }

    /** The driver's tools, each with a JSON Schema that says what the driver accepts. */
    List<McpServerFeatures.SyncToolSpecification> tools() {
        return shell.tools().stream()
                .map(spec -> McpServerFeatures.SyncToolSpecification.builder()
                        .tool(McpSchema.Tool.builder(spec.name(), schema(spec))
                                .description(spec.description())
                                .annotations(new McpSchema.ToolAnnotations(null, true, false, false, false, null))
                                .build())
                        .callHandler((exchange, request) -> call(request))
                        .build())
                .toList();
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
