package dev.agentfsm.mcp;

import dev.agentfsm.runtime.SafeText;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ProcessTree;
import dev.agentfsm.runtime.device.ToolPatterns;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.Image;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * A device driver for any MCP server, on the official MCP Java SDK: the server's tools are the tools
 * offered to the LLM ({@link #tools()}, or {@link #tools(Status)} for those a state's {@code @Tools}
 * allows), and an {@link Action} is a {@code tools/call}.
 *
 * <ul>
 *   <li>A tool's description and JSON Schema come from {@code tools/list}; a {@code list_changed}
 *       notification refreshes them.
 *   <li>The arguments of a call are checked against the tool's schema first; a call that breaks it
 *       is not sent ({@link ToolCallRule} turns the same check into a corrective re-ask).
 *   <li>A result's text is capped at {@link McpOptions#maxResultChars()}, its images are kept for the
 *       next prompt ({@link #images(ActionResult)}), and {@code isError} makes it a failed result with
 *       the server's text as the reason.
 *   <li>Every request has a time-out. A server that does not start, exits, does not answer in time
 *       or answers with garbage is a {@link DriverException} with a one-line reason, which takes the
 *       machine to its {@code onError} state.
 *   <li>{@link #close()} ends the session and, for a server it started, kills the process and
 *       everything the process started.
 * </ul>
 *
 * <pre>{@code
 * try (McpDriver browser = McpDriver.connect(McpEndpoint.stdio("playwright-mcp", "--headless"), McpOptions.DEFAULTS)) {
 *     List<ToolSpec> offered = browser.tools(agent.status());
 *     ActionResult result = browser.execute(new Action("browser_navigate", Map.of("url", url)), timeout);
 * }
 * }</pre>
 */
public final class McpDriver implements DeviceDriver {
    private static final Logger LOG = LoggerFactory.getLogger(McpDriver.class);
    /** The key of {@link ActionResult#data()} under which a result's images are kept. */
    public static final String IMAGES = "images";
    /** The key of {@link ActionResult#data()} with the call's round trip in nanoseconds. */
    public static final String NANOS = "nanos";

    private static final int REASON_CHARS = 300;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final String name;
    private final McpOptions options;
    private final McpAsyncClient client;
    private final Optional<ProcessHandle> process;
    private final Deque<String> stderr;
    private final JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();
    private volatile Map<String, McpSchema.Tool> serverTools = Map.of();
    private volatile List<ToolSpec> specs = List.of();
    private final String serverName;

    private McpDriver(
            String name,
            McpOptions options,
            McpAsyncClient client,
            Optional<ProcessHandle> process,
            Deque<String> stderr,
            String serverName) {
        this.name = name;
        this.options = options;
        this.client = client;
        this.process = process;
        this.stderr = stderr;
        this.serverName = serverName;
    }

    /**
     * Starts or reaches the server, runs the {@code initialize} handshake and lists its tools.
     *
     * @throws DriverException when the server cannot be started or reached, does not finish the
     *     handshake within {@link McpOptions#startTimeout()}, or cannot list its tools
     */
    public static McpDriver connect(McpEndpoint endpoint, McpOptions options) throws DriverException {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(options, "options");
        String name = "mcp:" + endpoint.label();
        Transports.checkProgram(endpoint, name);
        Deque<String> stderr = new ArrayDeque<>();
        McpClientTransport transport = Transports.transport(endpoint, stderr);
        McpDriver[] self = new McpDriver[1];
        McpAsyncClient client = McpClient.async(transport)
                .clientInfo(
                        McpSchema.Implementation.builder("agent-fsm", "0.1.0").build())
                .requestTimeout(Duration.ofDays(1)) // each call has its own time-out, see execute
                // the driver's own wait (await) ends first and names the time-out
                .initializationTimeout(options.startTimeout().plusSeconds(5))
                .toolsChangeConsumer(tools -> {
                    if (self[0] != null) {
                        self[0].setTools(tools);
                        LOG.info("{}: the server's tools changed; {} tools now", name, tools.size());
                    }
                    return Mono.empty();
                })
                .build();
        McpDriver driver = null;
        try {
            McpSchema.InitializeResult init = await(
                    client.initialize(),
                    options.startTimeout(),
                    name,
                    "initialize",
                    () -> Transports.processOf(transport));
            String serverName = init.serverInfo() == null
                    ? ""
                    : init.serverInfo().name() + " " + init.serverInfo().version();
            driver = new McpDriver(name, options, client, Transports.processOf(transport), stderr, serverName);
            self[0] = driver;
            driver.refreshTools();
            return driver;
        } catch (DriverException | RuntimeException e) {
            if (driver != null) {
                driver.close();
            } else {
                Transports.processOf(transport).ifPresent(Transports::kill);
                client.close();
            }
            String reason = String.valueOf(e.getMessage());
            if (reason.startsWith(name + ": ")) {
                reason = reason.substring(name.length() + 2);
            }
            throw new DriverException(
                    name + ": could not start a session with the MCP server: " + SafeText.line(reason, REASON_CHARS)
                            + Transports.stderrTail(stderr),
                    e);
        }
    }

    @Override
    public String name() {
        return name;
    }

    /** The server's name and version as it gave them in {@code initialize}. */
    public String serverName() {
        return serverName;
    }

    /** A line of text: the server and how many tools it offers. The server has no screen to look at. */
    @Override
    public Observation observe(Duration timeout) throws DriverException {
        checkAlive("observe");
        return Observation.text(name + " (" + SafeText.line(serverName, 100) + "): " + specs.size() + " tools");
    }

    /** Every tool the server offers, in its order, with its description and JSON Schema. */
    @Override
    public List<ToolSpec> tools() {
        return specs;
    }

    /** The tools {@code state}'s {@code @Tools} patterns allow, in the server's order. */
    public List<ToolSpec> tools(Status state) {
        return ToolPatterns.offered(specs, state);
    }

    /** Lists the server's tools again (a {@code list_changed} notification does this by itself). */
    public void refreshTools() throws DriverException {
        List<McpSchema.Tool> all = new ArrayList<>();
        String cursor = null;
        do {
            McpSchema.ListToolsResult page =
                    await(client.listTools(cursor), options.listTimeout(), name, "tools/list", () -> process);
            if (page.tools() != null) {
                all.addAll(page.tools());
            }
            cursor = page.nextCursor();
        } while (cursor != null && !cursor.isEmpty());
        setTools(all);
    }

    /**
     * What is wrong with calling {@code action}: an unknown tool, or arguments that break the tool's JSON
     * Schema; empty when the call may be made. Addressed to the model; quoted values are escaped.
     */
    public Optional<String> problem(Action action) {
        McpSchema.Tool tool = serverTools.get(action.function());
        if (tool == null) {
            return Optional.of("there is no tool \"" + SafeText.line(action.function(), 80) + "\"; the tools are "
                    + String.join(", ", serverTools.keySet()));
        }
        if (tool.inputSchema() == null || tool.inputSchema().isEmpty()) {
            return Optional.empty();
        }
        JsonSchemaValidator.ValidationResponse response = validator.validate(tool.inputSchema(), action.arguments());
        if (response.valid()) {
            return Optional.empty();
        }
        return Optional.of("the arguments of " + tool.name() + " do not match its JSON Schema: "
                + SafeText.line(String.valueOf(response.errorMessage()), REASON_CHARS));
    }

    /**
     * Calls the tool. An unknown tool or arguments that break its schema is a failed result and no
     * call; {@code isError}, or a JSON-RPC error the server sends for the call, is a failed result with
     * the server's text.
     *
     * @throws DriverException when the server exited, did not answer within {@code timeout}, or the
     *     session broke
     */
    @Override
    public ActionResult execute(Action action, Duration timeout) throws DriverException {
        checkAlive(action.function());
        Optional<String> problem = problem(action);
        if (problem.isPresent()) {
            return ActionResult.failed(problem.get());
        }
        long start = System.nanoTime();
        McpSchema.CallToolResult result;
        try {
            result = await(
                    client.callTool(McpSchema.CallToolRequest.builder(action.function())
                            .arguments(action.arguments())
                            .build()),
                    timeout,
                    name,
                    "tools/call " + action.function(),
                    () -> process);
        } catch (DriverException e) {
            if (e.getCause() instanceof McpError error && error.getJsonRpcError() != null) {
                return ActionResult.failed("the server refused the call of " + action.function() + ": "
                        + SafeText.line(String.valueOf(error.getJsonRpcError().message()), REASON_CHARS));
            }
            if (process.isPresent() && !ProcessTree.running(process.get())) {
                throw new DriverException(e.getMessage() + Transports.stderrTail(stderr), e);
            }
            throw e;
        }
        long nanos = System.nanoTime() - start;
        return ToolResults.toResult(action.function(), result, nanos, options);
    }

    /** The images of a result of {@link #execute}, for the next prompt; none for a result of another driver. */
    public static List<Image> images(ActionResult result) {
        Object images = result.data().get(IMAGES);
        if (images instanceof List<?> list) {
            return list.stream()
                    .filter(Image.class::isInstance)
                    .map(Image.class::cast)
                    .toList();
        }
        return List.of();
    }

    /** Ends the session and kills the server's process tree, if the driver started it. */
    @Override
    public void close() {
        // the server's children, taken before the session closes: a server that exits re-parents them
        List<ProcessHandle> descendants =
                process.map(p -> p.descendants().toList()).orElse(List.of());
        try {
            client.closeGracefully().block(Duration.ofSeconds(2));
        } catch (RuntimeException e) {
            LOG.debug("{}: closing the session: {}", name, e.toString());
        }
        client.close();
        process.ifPresent(Transports::kill);
        descendants.stream().filter(ProcessTree::running).forEach(ProcessHandle::destroyForcibly);
    }

    private void setTools(List<McpSchema.Tool> tools) {
        Map<String, McpSchema.Tool> byName = new LinkedHashMap<>();
        List<ToolSpec> list = new ArrayList<>();
        for (McpSchema.Tool tool : tools) {
            byName.put(tool.name(), tool);
            list.add(ToolResults.spec(tool));
        }
        serverTools = Collections.unmodifiableMap(byName);
        specs = List.copyOf(list);
    }

    private void checkAlive(String operation) throws DriverException {
        if (process.isPresent() && !ProcessTree.running(process.get())) {
            throw new DriverException(
                    name + ": the MCP server exited before " + operation + Transports.stderrTail(stderr));
        }
    }

    /**
     * Waits for a request, as a {@link DriverException} with a one-line reason when it fails, takes too
     * long, or the server's process (when there is one) exits meanwhile: the SDK would leave the
     * request waiting for its time-out.
     */
    static <T> T await(
            Mono<T> request, Duration timeout, String name, String operation, Supplier<Optional<ProcessHandle>> server)
            throws DriverException {
        CompletableFuture<T> future = request.toFuture();
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    future.cancel(true);
                    throw new DriverException(
                            name + ": " + operation + " got no answer within " + timeout.toMillis() + " ms");
                }
                try {
                    T value = future.get(Math.min(left, POLL_NANOS), TimeUnit.NANOSECONDS);
                    if (value == null) {
                        throw new DriverException(name + ": " + operation + " ended without an answer");
                    }
                    return value;
                } catch (TimeoutException e) {
                    Optional<ProcessHandle> process = server.get();
                    if (process.isPresent() && !ProcessTree.running(process.get())) {
                        future.cancel(true);
                        throw new DriverException(name + ": the MCP server exited during " + operation);
                    }
                }
            }
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new DriverException(name + ": interrupted while waiting for " + operation, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new DriverException(
                    name + ": " + operation + " failed: "
                            + SafeText.line(String.valueOf(cause.getMessage()), REASON_CHARS),
                    cause);
        }
    }
}
