package dev.agentfsm.agents.windows.browser;

import com.sun.net.httpserver.HttpServer;
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
import dev.agentfsm.runtime.llm.ReplayLlmClient;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs UFO's scenario, "Extract the sales table from Word and create a bar chart in Excel", on a real
 * browser: two small web pages (a document with a sales table, a sheet that charts pasted cells),
 * served on 127.0.0.1, in Chromium driven through Playwright's MCP server, by the HostAgent and the
 * AppAgents with a replayed model. Prints every transition, the chart the sheet drew, and the wall time;
 * writes each page's plain and annotated screenshot.
 *
 * <pre>{@code
 * java -cp ... dev.agentfsm.agents.windows.browser.BrowserDemo [output-directory [playwright-mcp [chromium]]]
 * }</pre>
 *
 * It needs Node with {@code @playwright/mcp} (default {@code .tools/playwright-mcp/node_modules/.bin/playwright-mcp})
 * and Chromium (default {@code /usr/bin/chromium}).
 */
public final class BrowserDemo {
    static final String REQUEST = "Extract the sales table from Word and create a bar chart in Excel";
    static final String REPLAY = "/dev/agentfsm/agents/windows/replays/browser-sales-chart.yaml";
    static final List<String> PAGES = List.of("report.html", "book.html");
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
     * @param wall the round's wall time, the browser's start not included
     */
    public record Run(RoundResult result, Context context, HostAgent host, String charts, int bars, Duration wall) {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "browser-demo");
        String playwright = Path.of(args.length > 1 ? args[1] : PLAYWRIGHT_MCP)
                .toAbsolutePath()
                .toString();
        String chromium = args.length > 2 ? args[2] : CHROMIUM;
        Run run = run(out, System.out, playwright, chromium);
        System.exit(run.result().completed() ? 0 : 1);
    }

    /** Serves the pages, starts the browser, runs the round, and checks the sheet. */
    public static Run run(Path out, PrintStream console, String playwrightMcp, String chromium) throws Exception {
        Files.createDirectories(out);
        HttpServer pages = servePages();
        long startup = System.nanoTime();
        McpEndpoint.Stdio command = new McpEndpoint.Stdio(
                BrowserDesktop.command(
                        playwrightMcp,
                        chromium,
                        out.resolve("playwright").toAbsolutePath().toString()),
                Map.of(),
                Optional.of(out.toAbsolutePath()));
        try (BrowserDesktop desktop = new BrowserDesktop(
                McpDriver.connect(command, McpOptions.DEFAULTS.withStartTimeout(Duration.ofSeconds(60))),
                Duration.ofSeconds(30))) {
            String base = "http://127.0.0.1:" + pages.getAddress().getPort() + "/";
            desktop.open(PAGES.stream().map(page -> URI.create(base + page)).toList());
            console.printf("browser ready in %d ms: %s%n", (System.nanoTime() - startup) / 1_000_000, desktop.name());

            RuntimeConfig defaults = RuntimeConfig.defaults();
            RuntimeConfig config = new RuntimeConfig(
                    50,
                    1,
                    defaults.safeGuard(),
                    defaults.askQuestion(),
                    0,
                    defaults.llmTimeout(),
                    defaults.userTimeout(),
                    Duration.ofSeconds(30),
                    Optional.empty());
            HostAgent host = HostAgent.builder(desktop, replay(), UserChannel.alwaysApprove())
                    .config(config)
                    .build();
            Context context = new Context().put(Context.REQUEST, REQUEST);
            console.println("request: " + REQUEST);
            long start = System.nanoTime();
            RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                    .context(context)
                    .listener(e -> console.printf(
                            "  %2d  %-22s %s -> %s (%s)%n",
                            e.step(), e.agent(), e.from().qualifiedName(), e.targetName(), e.trigger()))
                    .build()
                    .run();
            Duration wall = Duration.ofNanos(System.nanoTime() - start);

            DesktopWindow sheet = desktop.windows().get(1);
            String charts = result(desktop.evaluate(sheet, "() => window.agentfsmCharts"));
            int bars = Integer.parseInt(
                    result(desktop.evaluate(sheet, "() => document.querySelectorAll('#chart rect.bar').length")));
            console.println(result.outcome() + ": " + result.reason());
            console.println("path: " + String.join(" -> ", result.qualifiedPath()));
            context.previousSubtasks()
                    .forEach(s ->
                            console.println("subtask " + s.status().name() + ": " + s.subtask() + " -> " + s.result()));
            console.println("chart in " + sheet.title() + ": " + charts + " (" + bars + " bars)");
            result.result().ifPresent(answer -> console.println("answer: " + answer));
            console.printf("wall time of the round: %d ms%n", wall.toMillis());
            for (AppAgent app : host.appAgents().values()) {
                String name = app.window().appRoot().replace(".html", "");
                app.lastSnapshot().ifPresent(snapshot -> write(out.resolve(name + ".png"), snapshot.screenshot()));
                app.lastSnapshot()
                        .ifPresent(snapshot -> write(out.resolve(name + "-annotated.png"), snapshot.annotated()));
            }
            console.println("screenshots: " + out.toAbsolutePath());
            return new Run(result, context, host, charts, bars, wall);
        } finally {
            pages.stop(0);
        }
    }

    /** The text of a {@code browser_evaluate} result: what follows {@code ### Result}, up to the next section. */
    static String result(String output) throws DriverException {
        int start = output.indexOf("### Result\n");
        if (start < 0) {
            throw new DriverException("browser_evaluate gave no result: " + output);
        }
        String rest = output.substring(start + "### Result\n".length());
        int end = rest.indexOf("\n###");
        return (end < 0 ? rest : rest.substring(0, end)).strip();
    }

    /** The two pages on 127.0.0.1 (Playwright's server blocks file: URLs), at a free port. */
    static HttpServer servePages() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String page = exchange.getRequestURI().getPath().substring(1);
            byte[] body = null;
            if (PAGES.contains(page)) {
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

    private static ReplayLlmClient replay() throws IOException {
        try (InputStream in = BrowserDemo.class.getResourceAsStream(REPLAY)) {
            if (in == null) {
                throw new IllegalStateException("the replay " + REPLAY + " is missing");
            }
            return ReplayLlmClient.load(in, REPLAY);
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
