package dev.agentfsm.agents.windows.browser;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.AppAgent;
import dev.agentfsm.agents.windows.HostAgent;
import dev.agentfsm.agents.windows.HostAgentStateManager;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.mcp.McpDriver;
import dev.agentfsm.mcp.McpEndpoint;
import dev.agentfsm.mcp.McpOptions;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.user.UserChannel;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs UFO's scenario, "Extract the sales table from Word and create a bar chart in Excel", on a real
 * browser: two small web pages (a document with a sales table, a sheet that charts pasted cells),
 * served on 127.0.0.1, in Chromium driven through Playwright's MCP server, by the HostAgent and the
 * AppAgents with a replayed model. Prints every transition, the chart the sheet drew, and the wall time;
 * writes each page's plain and annotated screenshot. With {@code --operator}, the HostAgent hands the
 * sheet to the Operator instead, which types the data and charts it by screen coordinates.
 *
 * <pre>{@code
 * java -cp ... dev.agentfsm.agents.windows.browser.BrowserDemo [--operator] [output-directory [playwright-mcp [chromium]]]
 * }</pre>
 *
 * It needs Node with {@code @playwright/mcp} (default {@code .tools/playwright-mcp/node_modules/.bin/playwright-mcp})
 * and Chromium (default {@code /usr/bin/chromium}).
 */
public final class BrowserDemo {
    static final String REQUEST = "Extract the sales table from Word and create a bar chart in Excel";
    static final String REPLAY = "/dev/agentfsm/agents/windows/replays/browser-sales-chart.yaml";
    static final List<String> PAGES = List.of("report.html", "book.html");
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String OPERATOR_REQUEST = "Enter North's Q1 sales of 120 in Book1 and chart them as a bar chart";
    static final String OPERATOR_REPLAY = "/dev/agentfsm/agents/windows/replays/browser-operator-chart.yaml";
    /** What the sheet holds, read back in one call: its charts, the bars drawn, its cells that are not empty. */
    static final String SHEET =
            """
            () => ({charts: window.agentfsmCharts, bars: document.querySelectorAll('#chart rect.bar').length,
              cells: Object.fromEntries([...document.querySelectorAll('#sheet input')]
                .filter(cell => cell.value).map(cell => [cell.id, cell.value]))})""";
    /** The default {@code playwright-mcp}, where {@code .ci/run} installs it. */
    public static final String PLAYWRIGHT_MCP = ".tools/playwright-mcp/node_modules/.bin/playwright-mcp";
    /** Debian's Chromium. */
    public static final String CHROMIUM = "/usr/bin/chromium";

    private BrowserDemo() {}

    /**
     * What a run did.
     *
     * @param result the round's result
     * @param context the round's context (previous subtasks ...)
     * @param host the HostAgent, with its AppAgents
     * @param charts the sheet's {@code window.agentfsmCharts}, as JSON
     * @param bars how many bars the sheet drew
     * @param cells the sheet's cells that are not empty, by name ({@code A1}), in reading order
     * @param wall the round's wall time, the browser's start not included
     */
    public record Run(
            RoundResult result,
            Context context,
            HostAgent host,
            String charts,
            int bars,
            Map<String, String> cells,
            Duration wall) {}

    /** Runs a round on a started browser whose tabs show {@link #PAGES}. */
    @FunctionalInterface
    interface BrowserRound {
        Run run(BrowserDesktop desktop) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        boolean operator = Arrays.asList(args).contains("--operator");
        List<String> positional =
                Arrays.stream(args).filter(arg -> !arg.equals("--operator")).toList();
        Path out = Path.of(positional.size() > 0 ? positional.get(0) : "browser-demo");
        String playwright = Path.of(positional.size() > 1 ? positional.get(1) : PLAYWRIGHT_MCP)
                .toAbsolutePath()
                .toString();
        String chromium = positional.size() > 2 ? positional.get(2) : CHROMIUM;
        Run run = operator
                ? runOperator(out, System.out, playwright, chromium)
                : run(out, System.out, playwright, chromium);
        System.exit(run.result().completed() ? 0 : 1);
    }

    /** Serves the pages, starts the browser, runs UFO's scenario with the AppAgents, and checks the sheet. */
    public static Run run(Path out, PrintStream console, String playwrightMcp, String chromium) throws Exception {
        return inBrowser(out, console, playwrightMcp, chromium, desktop -> appRound(desktop, out, console));
    }

    /**
     * Serves the pages, starts the browser, and runs the sheet's subtask under the Operator, which acts by
     * coordinates through the server's coordinate tools; checks the cells it typed and the chart.
     */
    public static Run runOperator(Path out, PrintStream console, String playwrightMcp, String chromium)
            throws Exception {
        return inBrowser(out, console, playwrightMcp, chromium, desktop -> operatorRound(desktop, out, console));
    }

    private static Run inBrowser(
            Path out, PrintStream console, String playwrightMcp, String chromium, BrowserRound round) throws Exception {
        Files.createDirectories(out);
        HttpServer pages = servePages(PAGES);
        long startup = System.nanoTime();
        try (BrowserDesktop desktop = start(out, playwrightMcp, chromium)) {
            desktop.open(urls(pages, PAGES));
            console.printf("browser ready in %d ms: %s%n", (System.nanoTime() - startup) / 1_000_000, desktop.name());
            return round.run(desktop);
        } finally {
            pages.stop(0);
        }
    }

    /**
     * Starts Playwright's MCP server with Chromium, as {@link BrowserDesktop#command} says, writing its
     * files under {@code out}.
     */
    static BrowserDesktop start(Path out, String playwrightMcp, String chromium) throws DriverException {
        McpEndpoint.Stdio command = new McpEndpoint.Stdio(
                BrowserDesktop.command(
                        playwrightMcp,
                        chromium,
                        out.resolve("playwright").toAbsolutePath().toString()),
                Map.of(),
                Optional.of(out.toAbsolutePath()));
        return new BrowserDesktop(
                McpDriver.connect(command, McpOptions.DEFAULTS.withStartTimeout(Duration.ofSeconds(60))),
                Duration.ofSeconds(30));
    }

    /** UFO's scenario with the HostAgent and its AppAgents, on the tabs of {@link #PAGES}. */
    static Run appRound(BrowserDesktop desktop, Path out, PrintStream console) throws Exception {
        HostAgent host = HostAgent.builder(desktop, replay(REPLAY))
                .user(UserChannel.alwaysApprove())
                .config(config())
                .build();
        Context context = new Context().put(Context.REQUEST, REQUEST);
        Played played = play(host, context, console);
        Run run = checkSheet(desktop, played, host, context, console);
        for (AppAgent app : host.appAgents().values()) {
            String name = app.window().appRoot().replace(".html", "");
            app.lastSnapshot().ifPresent(snapshot -> write(out.resolve(name + ".png"), snapshot.screenshot()));
            app.lastSnapshot().ifPresent(snapshot -> write(out.resolve(name + "-annotated.png"), snapshot.annotated()));
        }
        console.println("screenshots: " + out.toAbsolutePath());
        return run;
    }

    /**
     * The sheet's subtask under the Operator, on the tabs of {@link #PAGES}: the HostAgent assigns
     * {@code book.html} to its Operator, which clicks cells, types, drags a range and clicks Insert Bar
     * Chart at the coordinates of the tab's screenshots ({@link BrowserDesktop#screen()}).
     */
    static Run operatorRound(BrowserDesktop desktop, Path out, PrintStream console) throws Exception {
        HostAgent host = HostAgent.builder(desktop, replay(OPERATOR_REPLAY))
                .user(UserChannel.alwaysApprove())
                .config(config())
                .operatorFor("book.html")
                .operatorScreen(desktop.screen())
                .build();
        Context context = new Context().put(Context.REQUEST, OPERATOR_REQUEST);
        Played played = play(host, context, console);
        Run run = checkSheet(desktop, played, host, context, console);
        DesktopWindow sheet = desktop.windows().get(1);
        write(out.resolve("operator-book.png"), desktop.screenshot(sheet));
        console.println("screenshot: " + out.resolve("operator-book.png").toAbsolutePath());
        return run;
    }

    /** A round's result and its wall time. */
    private record Played(RoundResult result, Duration wall) {}

    private static Played play(HostAgent host, Context context, PrintStream console) {
        console.println("request: " + context.get(Context.REQUEST).orElse(""));
        long start = System.nanoTime();
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(e -> console.printf(
                        "  %2d  %-22s %s -> %s (%s)%n",
                        e.step(), e.agent(), e.from().qualifiedName(), e.targetName(), e.trigger()))
                .build()
                .run();
        return new Played(result, Duration.ofNanos(System.nanoTime() - start));
    }

    /** Prints the round and reads the chart back from the sheet, the second tab. */
    private static Run checkSheet(
            BrowserDesktop desktop, Played played, HostAgent host, Context context, PrintStream console)
            throws DriverException {
        RoundResult result = played.result();
        DesktopWindow sheet = desktop.windows().get(1);
        JsonNode read;
        try {
            read = JSON.readTree(BrowserDesktop.result(desktop.evaluate(sheet, SHEET)));
        } catch (JsonProcessingException e) {
            throw new DriverException(desktop.name() + ": the sheet's state is not JSON: " + e.getMessage(), e);
        }
        String charts = read.path("charts").toString();
        int bars = read.path("bars").asInt();
        Map<String, String> cells = new LinkedHashMap<>();
        read.path("cells")
                .properties()
                .forEach(cell -> cells.put(cell.getKey(), cell.getValue().asText()));
        console.println(result.outcome() + ": " + result.reason());
        console.println("path: " + String.join(" -> ", result.qualifiedPath()));
        context.previousSubtasks()
                .forEach(s ->
                        console.println("subtask " + s.status().name() + ": " + s.subtask() + " -> " + s.result()));
        console.println("cells of " + sheet.title() + ": " + cells);
        console.println("chart in " + sheet.title() + ": " + charts + " (" + bars + " bars)");
        result.result().ifPresent(answer -> console.println("answer: " + answer));
        console.printf("wall time of the round: %d ms%n", played.wall().toMillis());
        return new Run(result, context, host, charts, bars, Collections.unmodifiableMap(cells), played.wall());
    }

    private static RuntimeConfig config() {
        return RuntimeConfig.builder()
                .jsonParsingRetry(0)
                .actionTimeout(Duration.ofSeconds(30))
                .build();
    }

    /** The URLs of {@code pages} on the server. */
    static List<URI> urls(HttpServer server, List<String> pages) {
        String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
        return pages.stream().map(page -> URI.create(base + page)).toList();
    }

    /**
     * Serves {@code pages}, resources next to this class, on 127.0.0.1 (Playwright's server blocks
     * {@code file:} URLs) at a free port.
     */
    static HttpServer servePages(List<String> pages) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String page = exchange.getRequestURI().getPath().substring(1);
            byte[] body = null;
            if (pages.contains(page)) {
                try (InputStream in = BrowserDemo.class.getResourceAsStream(page)) {
                    body = in == null ? null : in.readAllBytes();
                }
            }
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(body);
            }
        });
        server.start();
        return server;
    }

    private static ReplayLlmClient replay(String resource) throws IOException {
        try (InputStream in = BrowserDemo.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the replay " + resource + " is missing");
            }
            return ReplayLlmClient.load(in, resource);
        }
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
