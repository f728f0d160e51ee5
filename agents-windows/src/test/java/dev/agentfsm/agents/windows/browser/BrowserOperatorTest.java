package dev.agentfsm.agents.windows.browser;

import static dev.agentfsm.agents.windows.Prompts.lastAction;
import static dev.agentfsm.agents.windows.Prompts.prompt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.HostAgent;
import dev.agentfsm.agents.windows.HostAgentStateManager;
import dev.agentfsm.agents.windows.OperatorAgent;
import dev.agentfsm.agents.windows.OperatorAgentStateManager;
import dev.agentfsm.agents.windows.OperatorAgentStatus;
import dev.agentfsm.agents.windows.Witness;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import dev.agentfsm.testing.ExternalTools;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Operator on a real browser: Debian's Chromium driven through Playwright's MCP server and its
 * coordinate tools ({@code --caps vision}), with replayed models, on pages served on 127.0.0.1. A Host →
 * Operator → Host round on the sheet whose typing, drag and click are read back from the page; CONFIRM
 * before a risky click, approved and rejected; and every action type on a page that records where each
 * event happened, with a click outside the viewport refused. One server and browser serve the class.
 */
class BrowserOperatorTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RuntimeConfig CONFIG = RuntimeConfig.builder()
            .jsonParsingRetry(0)
            .llmTimeout(Duration.ofSeconds(5))
            .userTimeout(Duration.ofSeconds(5))
            .actionTimeout(Duration.ofSeconds(30))
            .build();

    @TempDir
    static Path out;

    private static HttpServer pages;
    private static BrowserDesktop desktop;

    @BeforeAll
    static void startTheBrowser() throws Exception {
        Path chromium = ExternalTools.program("chromium", "chromium");
        Path playwright =
                ExternalTools.npmCommand("playwright-mcp", "playwright-mcp", "agents-windows/src/test/playwright");
        pages = BrowserDemo.servePages(List.of("report.html", "book.html", "pointer.html"));
        desktop = BrowserDemo.start(out, playwright.toString(), chromium.toString());
    }

    @AfterAll
    static void stopTheBrowser() {
        if (desktop != null) {
            desktop.close();
        }
        if (pages != null) {
            pages.stop(0);
        }
    }

    @Test
    void theHostHandsTheSheetToTheOperatorWhoseTypingDragAndClickLandInThePage() throws Exception {
        desktop.open(BrowserDemo.urls(pages, BrowserDemo.PAGES));
        DesktopWindow sheet = desktop.windows().get(1);
        assertEquals(
                "[\"A1\",\"B1\",\"A2\",\"B2\",\"bar\"]",
                compact(desktop.evaluate(
                        sheet,
                        "() => [[79, 110], [166, 110], [79, 134], [166, 134], [69, 18]]"
                                + ".map(([x, y]) => document.elementFromPoint(x, y).id)")),
                "the replay's coordinates are the cells A1, B1, A2, B2 and Insert Bar Chart of this layout");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        BrowserDemo.Run run =
                BrowserDemo.operatorRound(desktop, out, new PrintStream(printed, true, StandardCharsets.UTF_8));

        String console = printed.toString(StandardCharsets.UTF_8);
        RoundResult result = run.result();
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason() + "\n" + console);
        List<String> path = new ArrayList<>(List.of("HostAgent.CONTINUE", "HostAgent.ASSIGN"));
        path.addAll(Collections.nCopies(6, "OperatorAgent.CONTINUE"));
        path.addAll(List.of("OperatorAgent.FINISH", "HostAgent.CONTINUE", "HostAgent.FINISH"));
        assertEquals(path, result.qualifiedPath(), console);
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Type Region, Q1 and North, 120 into A1:B2 of Book1 and insert a bar chart of them",
                        OperatorAgentStatus.FINISH,
                        "A bar chart of A1:B2 (North, Q1 120) is in Book1")),
                result.subtasks());
        assertEquals(Optional.of("North's Q1 sales are charted as a bar chart in Book1 - Sheets"), result.result());

        HostAgent host = run.host();
        OperatorAgent operator = host.activeOperator().orElseThrow();
        assertSame(operator, host.operators().get("book.html/tab-1"));
        assertEquals("Operator/book.html", operator.name());
        assertEquals(List.of(), List.copyOf(host.appAgents().keySet()), "no AppAgent took the subtask");

        assertEquals(
                Map.of("A1", "Region", "B1", "Q1", "A2", "North", "B2", "120"),
                run.cells(),
                "the clicks put the focus in A1 and A2, the typing (Tab included) filled the cells");
        assertEquals(
                JSON.readTree(
                        """
                        [{"type": "bar", "range": "A1:B2", "categories": ["North"],
                          "series": [{"name": "Q1", "values": [120]}]}]
                        """),
                JSON.readTree(run.charts()),
                "the drag selected A1:B2 and the click on Insert Bar Chart charted it");
        assertEquals(1, run.bars());
        assertTrue(console.contains("wall time of the round: "), console);
    }

    private static final String DELETE = "click at (57, 18) on Button 'Delete Table' in 'Sales Report - Docs'";

    @ParameterizedTest
    @EnumSource(
            value = Decision.class,
            names = {"APPROVED", "REJECTED"})
    void aRiskyClickWaitsForTheUserAndRunsOnlyWhenApproved(Decision decision) throws Exception {
        desktop.open(BrowserDemo.urls(pages, BrowserDemo.PAGES));
        Witness user = new Witness(decision).checking(BrowserOperatorTest::table);
        ReplayLlmClient llm =
                replay("browser-operator-confirm-" + decision.name().toLowerCase(Locale.ROOT));
        HostAgent host = HostAgent.builder(desktop, llm)
                .user(user)
                .config(CONFIG)
                .operatorFor("report.html")
                .operatorScreen(desktop.screen())
                .build();

        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(new Context().put(Context.REQUEST, "Remove the sales table"))
                .build()
                .run();

        boolean approved = decision == Decision.APPROVED;
        List<String> path = new ArrayList<>(List.of(
                "HostAgent.CONTINUE",
                "HostAgent.ASSIGN",
                "OperatorAgent.CONTINUE",
                "OperatorAgent.CONTINUE",
                "OperatorAgent.CONFIRM"));
        path.addAll(
                approved ? List.of("OperatorAgent.CONTINUE", "OperatorAgent.FINISH") : List.of("OperatorAgent.FINISH"));
        path.addAll(List.of("HostAgent.CONTINUE", "HostAgent.FINISH"));
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(path, result.qualifiedPath());
        assertEquals(List.of(DELETE), user.asked(), "the user saw what lies at the coordinates");
        assertEquals(List.of(true), user.checked(), "asked before the click ran");
        assertEquals(!approved, table(), approved ? "approved, the click ran" : "rejected, it did not");
        assertEquals(
                "click at (118, 236) on Table 'Sales table' in 'Sales Report - Docs': done. clicked the left button",
                lastAction(llm, 2));
        if (approved) {
            assertEquals(DELETE + ": done. clicked the left button", lastAction(llm, 3));
        }
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Remove the sales table from Sales Report",
                        OperatorAgentStatus.FINISH,
                        approved ? "The sales table is removed" : DELETE + ": rejected by the user; it did not run")),
                result.subtasks());
        assertEquals(0, llm.remaining());
    }

    @Test
    void everyActionLandsWhereTheScreenshotShowsItAndAClickOutsideTheViewportIsRefused() throws Exception {
        desktop.open(BrowserDemo.urls(pages, List.of("pointer.html")));
        ReplayLlmClient llm = replay("browser-operator-pointer");
        OperatorAgent operator = OperatorAgent.builder(desktop.screen(), llm)
                .user(UserChannel.alwaysDeny())
                .config(CONFIG)
                .build();

        RoundResult result = Round.of(OperatorAgentStateManager.instance(), operator)
                .context(new Context().put(Context.REQUEST, "Try every action"))
                .build()
                .run();

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        List<String> path = new ArrayList<>(Collections.nCopies(13, "OperatorAgent.CONTINUE"));
        path.addAll(List.of("OperatorAgent.FINISH", "OperatorAgent.ALLFINISH"));
        assertEquals(path, result.qualifiedPath());
        JsonNode page = JSON.readTree(BrowserDesktop.result(desktop.evaluate(
                desktop.windows().get(0),
                "() => ({viewport: [window.innerWidth, window.innerHeight], scrollY: window.scrollY,"
                        + " field: document.getElementById('field').value, events: window.agentfsmEvents})")));
        assertEquals("[1280,720]", page.path("viewport").toString());
        assertTrue(prompt(llm, 0).contains("[Screen:]\n1280x720 pixels"), "the screenshot is the viewport's size");
        JsonNode events = page.path("events");
        String all = events.toString();
        assertEquals(
                List.of("mousedown 200,150 2", "contextmenu 200,150 2", "mouseup 200,150 2", "auxclick 200,150 2"),
                mouse(events, 200, 150),
                all);
        assertEquals(1, count(events, "dblclick", 300, 160), all);
        assertEquals(
                List.of("mousedown 310,170 1", "mouseup 310,170 1", "auxclick 310,170 1"),
                mouse(events, 310, 170),
                all);
        assertEquals(List.of(), mouse(events, 320, 180), "the back button is refused: " + all);
        assertEquals(
                "back-click at (320, 180) on Region 'Pad' in 'Pointer - Test': failed. the browser clicks the left, right"
                        + " or middle button only, not the back button; nothing was clicked",
                lastAction(llm, 4));
        assertEquals("Grüße 42", page.path("field").asText(), "typed into the field the click focused");
        assertTrue(
                StreamSupport.stream(events.spliterator(), false)
                        .anyMatch(e -> e.path("type").asText().equals("keydown")
                                && e.path("key").asText().equals("a")
                                && e.path("ctrl").asBoolean()
                                && e.path("target").asText().equals("field")),
                "CTRL+A pressed in the field: " + all);
        assertEquals(
                List.of(
                        "mousedown 100,300 0",
                        "mousemove 200,350 0",
                        "mousemove 300,400 0",
                        "mouseup 300,400 0",
                        "click 300,400 0"), // down and up on the same element: the browser's click
                StreamSupport.stream(events.spliterator(), false)
                        .filter(e -> e.path("y").asInt() >= 300 && e.path("y").asInt() <= 400)
                        .filter(e -> !e.path("type").asText().equals("wheel"))
                        .map(BrowserOperatorTest::describe)
                        .toList(),
                "the drag went down at the first point, through the second, up at the last: " + all);
        assertEquals(1, count(events, "wheel", 640, 360), all);
        assertEquals(300, page.path("scrollY").asInt(), "the wheel scrolled the page");
        JsonNode afterScroll = StreamSupport.stream(events.spliterator(), false)
                .filter(e ->
                        e.path("type").asText().equals("click") && e.path("x").asInt() == 400)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no click at x 400: " + all));
        assertEquals(150, afterScroll.path("y").asInt(), "at the screenshot's point, in the viewport");
        assertEquals(450, afterScroll.path("pageY").asInt(), "300 pixels down the scrolled page");
        assertTrue(
                StreamSupport.stream(events.spliterator(), false)
                        .allMatch(e -> e.path("x").asInt(0) < 1280),
                "nothing happened outside the viewport: " + all);
        assertEquals(
                "click at (1500, 84): failed. click at (1500, 84) is outside the screen, which is 1280x720 pixels"
                        + " (x from 0 to 1279, y from 0 to 719); nothing was done",
                lastAction(llm, 12));
        assertEquals(
                "click at (600, 50) on Textbox 'Field' in 'Pointer - Test': done. clicked the left button",
                lastAction(llm, 5));
        assertEquals("wait: done. waited 1 s", lastAction(llm, 10));
    }

    private static boolean table() {
        try {
            return Boolean.parseBoolean(BrowserDesktop.result(
                    desktop.evaluate(desktop.windows().get(0), "() => document.getElementById('sales') !== null")));
        } catch (DriverException e) {
            throw new AssertionError(e);
        }
    }

    /** The mouse events at {@code x}, {@code y}, as {@code "type x,y button"}. */
    private static List<String> mouse(JsonNode events, int x, int y) {
        return StreamSupport.stream(events.spliterator(), false)
                .filter(e -> e.path("x").asInt(-1) == x && e.path("y").asInt(-1) == y)
                .map(BrowserOperatorTest::describe)
                .toList();
    }

    private static String describe(JsonNode event) {
        return event.path("type").asText() + " " + event.path("x").asInt() + ","
                + event.path("y").asInt() + " " + event.path("button").asInt();
    }

    private static long count(JsonNode events, String type, int x, int y) {
        return StreamSupport.stream(events.spliterator(), false)
                .filter(e -> e.path("type").asText().equals(type)
                        && e.path("x").asInt() == x
                        && e.path("y").asInt() == y)
                .count();
    }

    /** An evaluated JSON value without its whitespace. */
    private static String compact(String evaluated) throws Exception {
        return JSON.readTree(BrowserDesktop.result(evaluated)).toString();
    }

    private static ReplayLlmClient replay(String name) throws IOException {
        String resource = "/dev/agentfsm/agents/windows/replays/" + name + ".yaml";
        try (InputStream in = BrowserOperatorTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no replay " + resource);
            }
            return ReplayLlmClient.load(in, resource);
        }
    }
}
