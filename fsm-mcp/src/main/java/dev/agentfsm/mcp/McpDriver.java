package dev.agentfsm.mcp;

import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.ApiKeys;
import dev.agentfsm.runtime.internal.ProviderFailure;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.internal.ToolPatterns;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.context.Context;

/**
 * A device driver for any MCP server, on the official MCP Java SDK: the server's tools are the tools
 * offered to the LLM ({@link #tools()}, or {@link #tools(Status)} for those a state's {@code @Tools}
 * allows), and an {@link Action} is a {@code tools/call}.
 *
 * <ul>
 *   <li>A tool's description and JSON Schema come from {@code tools/list} (at most {@value #MAX_PAGES}
 *       pages and {@link McpOptions#maxTools()} tools, all within {@link McpOptions#listTimeout()}); a
 *       tool whose schema reaches outside itself, loops or nests too deep is not offered
 *       ({@link #problem(Action)} says why). A {@code list_changed} notification refreshes them; many
 *       in a row make one or two refreshes.
 *   <li>The arguments of a call are checked against the tool's schema first; a call that breaks it
 *       is not sent ({@link ToolCallRule} turns the same check into a corrective re-ask).
 *   <li>A result's text is capped at {@link McpOptions#maxResultChars()}, its images are kept for the
 *       next prompt ({@link #images(ActionResult)}), and {@code isError} makes it a failed result with
 *       the server's text as the reason.
 *   <li>Every request has a time-out. A server that does not start, exits, does not answer in time,
 *       sends a message over {@link McpOptions#maxMessageBytes()} or one that is not JSON-RPC is a
 *       {@link DriverException} with a one-line reason naming which, which takes the machine to its
 *       {@code onError} state.
 *   <li>{@link #close()} ends the session and, for a server it started, stops the process and
 *       everything the process started ({@code SIGTERM}, {@link McpOptions#stopGrace()} to exit, then {@code SIGKILL}), also a daemon that left its tree (see {@link ServerProcesses}); a shutdown hook does the same for a driver
 *       still open when the JVM exits.
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
    /**
     * The key of {@link ActionResult#data()} present only when the driver cut the result at
     * {@link McpOptions#maxResultChars()} or left content items out past it: the characters of text it had
     * read. A caller that parses the whole text (a list, a page's snapshot) checks it, since what followed
     * the cut is gone.
     */
    public static final String CUT = "cut";
    /** The most pages of {@code tools/list} read; a server whose pages do not end fails the listing. */
    public static final int MAX_PAGES = 100;

    private static final int REASON_CHARS = 300;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** MCP's tool-name characters, those {@code @Tools} patterns are made of (ToolPatterns). */
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_./-]{1,128}");

    private final String name;
    private final McpOptions options;
    private final McpAsyncClient client;
    private final Optional<StdioTransport> stdio;
    private final String serverName;
    /** The values of the HTTP endpoint's headers, which an error must not show (see {@link Transports#secrets}). */
    private final List<String> secrets;

    private final JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();
    private final AtomicBoolean refreshWanted = new AtomicBoolean();
    private final ExecutorService refresher;
    private volatile Map<String, McpSchema.Tool> serverTools = Map.of();
    private volatile Map<String, String> refused = Map.of();
    private volatile List<ToolSpec> specs = List.of();

    private McpDriver(
            String name,
            McpOptions options,
            McpAsyncClient client,
            Optional<StdioTransport> stdio,
            String serverName,
            List<String> secrets,
            ExecutorService refresher) {
        this.name = name;
        this.options = options;
        this.client = client;
        this.stdio = stdio;
        this.serverName = serverName;
        this.secrets = secrets;
        this.refresher = refresher;
    }

    /**
     * Starts or reaches the server, runs the {@code initialize} handshake and lists its tools.
     *
     * @throws DriverException when the server cannot be started or reached, refuses the handshake (the
     *     message says how: its JSON-RPC error, a protocol version the client does not speak, or the HTTP
     *     answer), does not finish it within {@link McpOptions#startTimeout()}, or cannot list its tools
     */
    public static McpDriver connect(McpEndpoint endpoint, McpOptions options) throws DriverException {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(options, "options");
        String name = "mcp:" + endpoint.label();
        Transports.checkProgram(endpoint, name);
        List<String> secrets = Transports.secrets(endpoint);
        McpDriver[] self = new McpDriver[1];
        Runnable toolsChanged = () -> {
            if (self[0] != null) {
                self[0].toolsChanged();
            }
        };
        Optional<StdioTransport> stdio = Optional.empty();
        AtomicInteger refusedWith = new AtomicInteger();
        McpClientTransport transport;
        if (endpoint instanceof McpEndpoint.Stdio command) {
            StdioTransport started =
                    new StdioTransport(command, options.maxMessageBytes(), toolsChanged, McpJsonDefaults.getMapper());
            started.start(name, options.stopGrace());
            stdio = Optional.of(started);
            transport = started;
        } else {
            transport = Transports.http((McpEndpoint.Http) endpoint, options.maxMessageBytes(), refusedWith);
        }
        McpClient.AsyncSpec spec = McpClient.async(new GuardedTransport(transport, name))
                .clientInfo(
                        McpSchema.Implementation.builder("agent-fsm", "0.1.0").build())
                .requestTimeout(Duration.ofDays(1)) // each call has its own time-out, see execute
                // the driver's own wait (await) ends first and names the time-out
                .initializationTimeout(options.startTimeout().plusSeconds(5));
        if (stdio.isEmpty()) {
            // over HTTP the SDK reads the notifications; over stdio the driver's transport does
            spec.toolsChangeConsumer(tools -> {
                toolsChanged.run();
                return Mono.empty();
            });
        }
        McpAsyncClient client = spec.build();
        ExecutorService refresher = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, name + " tools refresh");
            thread.setDaemon(true);
            return thread;
        });
        McpDriver driver = null;
        try {
            McpSchema.InitializeResult init =
                    await(client.initialize(), options.startTimeout(), name, "initialize", stdio, secrets);
            String serverName = init.serverInfo() == null
                    ? ""
                    : init.serverInfo().name() + " " + init.serverInfo().version();
            driver = new McpDriver(name, options, client, stdio, serverName, secrets, refresher);
            self[0] = driver; // a list_changed from now on lists again, also during this first listing
            driver.refreshTools();
            return driver;
        } catch (DriverException | RuntimeException e) {
            if (driver != null) {
                driver.close();
            } else {
                refresher.shutdownNow();
                stdio.ifPresent(t -> ServerProcesses.end(t.process().toHandle(), t.mark(), options.stopGrace()));
                client.close();
            }
            String reason = String.valueOf(e.getMessage());
            if (reason.startsWith(name + ": ")) {
                reason = reason.substring(name.length() + 2);
            }
            if (driver == null) {
                reason = HandshakeFailures.reason(e, transport.protocolVersions())
                        .orElse(reason);
            }
            if (refusedWith.get() != 0) {
                reason = refused(refusedWith.get(), (McpEndpoint.Http) endpoint);
            }
            throw new DriverException(
                    name + ": could not start a session with the MCP server: " + shown(reason, secrets)
                            + stdio.map(StdioTransport::stderrTail).orElse(""),
                    shownCause(e, secrets));
        }
    }

    /** Why an HTTP server refused the handshake with {@code status} (401 or 403), and what to do. */
    private static String refused(int status, McpEndpoint.Http endpoint) {
        boolean sentToken = endpoint.headers().containsKey("Authorization");
        if (status == 401) {
            return "the server answered HTTP 401 Unauthorized: "
                    + (sentToken
                            ? "it does not accept the bearer token sent; check the token"
                            : "it wants a bearer token; give it with McpEndpoint.http(url).withBearerTokenFromEnv(NAME)");
        }
        return "the server answered HTTP " + status + " Forbidden: it refuses this client (a server that checks"
                + " Host and Origin, such as agentfsm-cli mcp --http, refuses other names than its own)";
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

    /**
     * Lists the server's tools again (a {@code list_changed} notification does this by itself): every
     * page within {@link McpOptions#listTimeout()}, at most {@value #MAX_PAGES} pages and
     * {@link McpOptions#maxTools()} tools, each cursor once.
     *
     * @throws DriverException when the listing fails or breaks one of these bounds
     */
    public void refreshTools() throws DriverException {
        List<McpSchema.Tool> all = new ArrayList<>();
        Set<String> cursors = new HashSet<>();
        long deadline = System.nanoTime() + options.listTimeout().toNanos();
        String cursor = null;
        for (int page = 1; ; page++) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new DriverException(name + ": tools/list did not end within "
                        + options.listTimeout().toMillis() + " ms (" + (page - 1) + " pages)");
            }
            McpSchema.ListToolsResult result;
            try {
                result = await(client.listTools(cursor), Duration.ofNanos(left), name, "tools/list", stdio, secrets);
            } catch (DriverException e) {
                throw new DriverException(e.getMessage(), shownCause(e.getCause(), secrets));
            }
            if (result.tools() != null) {
                all.addAll(result.tools());
            }
            if (all.size() > options.maxTools()) {
                throw new DriverException(name + ": tools/list offers more than " + options.maxTools()
                        + " tools (McpOptions.maxTools); offer fewer tools or raise the cap");
            }
            cursor = result.nextCursor();
            if (cursor == null || cursor.isEmpty()) {
                break;
            }
            if (page == MAX_PAGES) {
                throw new DriverException(name + ": tools/list gave more than " + MAX_PAGES
                        + " pages; a server's list of tools must end");
            }
            if (!cursors.add(cursor)) {
                throw new DriverException(name + ": tools/list gave the cursor \"" + SafeText.line(cursor, 80)
                        + "\" a second time; the server's pages go round in a loop");
            }
        }
        setTools(all);
    }

    /**
     * What is wrong with calling {@code action}: an unknown tool, a tool whose schema was refused, or
     * arguments that break the tool's JSON Schema; empty when the call may be made. Addressed to the
     * model; quoted values are escaped.
     */
    public Optional<String> problem(Action action) {
        // the tool was refused under its name as listed, escaped if it held a control character (GuardedTransport)
        String why =
                refused.getOrDefault(action.function(), refused.get(GuardedTransport.listedName(action.function())));
        if (why != null) {
            return Optional.of("the tool " + SafeText.line(action.function(), 80) + " is not offered: " + why);
        }
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
     * @throws DriverException when the server exited, did not answer within {@code timeout}, sent a
     *     message too large or not JSON-RPC, or the session broke
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
                    stdio,
                    secrets);
        } catch (DriverException e) {
            if (e.getCause() instanceof McpError error && error.getJsonRpcError() != null) {
                return ActionResult.failed("the server refused the call of " + action.function() + ": "
                        + shown(String.valueOf(error.getJsonRpcError().message()), secrets));
            }
            if (stdio.isPresent() && !ProcessTree.running(stdio.get().process().toHandle())) {
                throw new DriverException(e.getMessage() + stdio.get().stderrTail(), shownCause(e.getCause(), secrets));
            }
            throw new DriverException(e.getMessage(), shownCause(e.getCause(), secrets));
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

    /**
     * Ends the session and, for a server the driver started, stops it and everything it started
     * ({@code SIGTERM}, {@link McpOptions#stopGrace()} to tidy up, then {@code SIGKILL}): its
     * descendants, and the processes that carry its mark in their environment.
     */
    @Override
    public void close() {
        refresher.shutdownNow();
        // the server's children, taken before the session closes: a server that exits re-parents them
        List<ProcessHandle> descendants =
                stdio.map(t -> t.process().toHandle().descendants().toList()).orElse(List.of());
        try {
            client.closeGracefully().block(Duration.ofSeconds(2));
        } catch (RuntimeException e) {
            LOG.debug("{}: closing the session: {}", name, e.toString());
        }
        client.close();
        stdio.ifPresent(t -> ServerProcesses.end(t.process().toHandle(), t.mark(), options.stopGrace()));
        descendants.stream().filter(ProcessTree::running).forEach(ProcessHandle::destroyForcibly);
    }

    /** A {@code list_changed} notification: one refresh runs, and at most one more waits, however many come. */
    private void toolsChanged() {
        if (!refreshWanted.compareAndSet(false, true)) {
            return;
        }
        try {
            refresher.execute(() -> {
                refreshWanted.set(false);
                try {
                    refreshTools();
                    LOG.info("{}: the server's tools changed; {} tools now", name, specs.size());
                } catch (DriverException e) {
                    LOG.warn("{}: could not list the changed tools: {}", name, e.getMessage());
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("{}: closed; the tools are not listed again", name);
        }
    }

    private void setTools(List<McpSchema.Tool> tools) {
        Map<String, McpSchema.Tool> byName = new LinkedHashMap<>();
        Map<String, String> refusedNow = new LinkedHashMap<>();
        List<ToolSpec> list = new ArrayList<>();
        Set<String> named = new HashSet<>();
        Set<String> twice = new HashSet<>();
        tools.stream()
                .map(McpSchema.Tool::name)
                .filter(Objects::nonNull)
                .filter(n -> !named.add(n))
                .forEach(twice::add);
        for (McpSchema.Tool tool : tools) {
            Optional<String> unusable = unusable(tool, twice);
            if (unusable.isPresent()) {
                if (tool.name() != null) {
                    refusedNow.put(tool.name(), unusable.get());
                }
                LOG.warn(
                        "{}: the tool {} is not offered: {}",
                        name,
                        SafeText.line(String.valueOf(tool.name()), 80),
                        unusable.get());
                continue;
            }
            byName.put(tool.name(), tool);
            list.add(ToolResults.spec(tool));
        }
        serverTools = Collections.unmodifiableMap(byName);
        refused = Collections.unmodifiableMap(refusedNow);
        specs = List.copyOf(list);
    }

    /**
     * Why a listed tool is not offered: a name that is not MCP's (a control character, a look-alike letter
     * would reach the prompt, the terminal and the patterns), a name listed twice (which description and
     * schema would hold?), or a schema the client will not use.
     */
    private static Optional<String> unusable(McpSchema.Tool tool, Set<String> twice) {
        if (tool.name() == null || !TOOL_NAME.matcher(tool.name()).matches()) {
            return Optional.of("its name is not 1 to 128 of MCP's tool-name characters (A-Z a-z 0-9 _ - . /)");
        }
        if (twice.contains(tool.name())) {
            return Optional.of("the server lists more than one tool of this name; a name must be unique");
        }
        return tool.inputSchema() == null
                ? Optional.empty()
                : ToolSchemas.problem(tool.inputSchema()).map(why -> "its input schema cannot be used: " + why);
    }

    private void checkAlive(String operation) throws DriverException {
        if (stdio.isPresent() && !ProcessTree.running(stdio.get().process().toHandle())) {
            throw new DriverException(name + ": the MCP server exited before " + operation
                    + stdio.get().stderrTail());
        }
    }

    /**
     * Waits for a request, as a {@link DriverException} with a one-line reason when it fails, takes too
     * long, a stdio server exits meanwhile (the SDK would leave the request waiting for its time-out),
     * or sends a message the transport dropped (too large, not JSON-RPC), which names the bound.
     */
    static <T> T await(
            Mono<T> request,
            Duration timeout,
            String name,
            String operation,
            Optional<StdioTransport> stdio,
            List<String> secrets)
            throws DriverException {
        long problemsBefore = stdio.map(StdioTransport::problems).orElse(0L);
        // the transport forgets the request's id when this wait ends (GuardedTransport.ABANDONED)
        Sinks.One<Boolean> ended = Sinks.one();
        CompletableFuture<T> future = request.contextWrite(Context.of(GuardedTransport.ABANDONED, ended.asMono()))
                .toFuture();
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
                    if (stdio.isPresent() && stdio.get().problems() != problemsBefore) {
                        future.cancel(true);
                        throw new DriverException(
                                name + ": " + operation + ": " + stdio.get().lastProblem());
                    }
                    if (stdio.isPresent()
                            && !ProcessTree.running(stdio.get().process().toHandle())) {
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
                    name + ": " + operation + " failed: " + shown(Transports.failure(cause), secrets),
                    // the SDK's own exception, for the callers to read (a JSON-RPC error, an HTTP answer); they
                    // throw a copy of it (shownCause)
                    cause);
        } finally {
            ended.tryEmitValue(true);
        }
    }

    /** A server's text as an error shows it: the endpoint's secrets hidden, one line, escaped, cut short. */
    private static String shown(String text, List<String> secrets) {
        return SafeText.line(ApiKeys.hidden(text, secrets), REASON_CHARS);
    }

    /**
     * The cause a {@link DriverException} of the driver carries: a copy of {@code failure}'s chain with each message
     * {@linkplain #shown shown}. The SDK's exceptions hold the server's raw text (an HTTP error's whole body, which
     * a proxy may fill with the request's headers and their token), and a cause's stack trace is printed whole, by
     * a console's log binding and in a span's {@code exception.stacktrace}.
     */
    private static Throwable shownCause(Throwable failure, List<String> secrets) {
        return ProviderFailure.of(failure, text -> shown(text, secrets));
    }
}
