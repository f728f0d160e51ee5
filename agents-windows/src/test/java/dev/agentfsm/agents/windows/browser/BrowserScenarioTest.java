package dev.agentfsm.agents.windows.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.agents.windows.AppAgent;
import dev.agentfsm.agents.windows.AppAgentStatus;
import dev.agentfsm.agents.windows.SalesChartScenarioTest;
import dev.agentfsm.agents.windows.WindowSnapshot;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.testing.ExternalTools;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UFO's Word-then-Excel scenario on a real browser: the HostAgent and AppAgents, with the replayed
 * model, drive two web pages served on 127.0.0.1 in Debian's Chromium through Playwright's MCP server
 * ({@code @playwright/mcp}, pinned by {@code src/test/playwright/package-lock.json}), with the same path
 * and outcome as the simulated desktop's {@link SalesChartScenarioTest}, and the chart checked in the page.
 */
class BrowserScenarioTest {
    @TempDir
    static Path out;

    private static BrowserDemo.Run run;
    private static String console;

    @BeforeAll
    static void runTheScenario() throws Exception {
        Path chromium = ExternalTools.program("chromium", "chromium");
        Path playwright =
                ExternalTools.npmCommand("playwright-mcp", "playwright-mcp", "agents-windows/src/test/playwright");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        run = BrowserDemo.run(
                out,
                new PrintStream(printed, true, StandardCharsets.UTF_8),
                playwright.toString(),
                chromium.toString());
        console = printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theHostHandsEachSubtaskToItsPageAndFinishes() {
        assertEquals(Outcome.COMPLETED, run.result().outcome(), run.result().reason() + "\n" + console);
        assertEquals(SalesChartScenarioTest.PATH, run.result().qualifiedPath());
        assertEquals(
                Optional.of("The sales table from Sales Report - Docs is charted as a bar chart in Book1 - Sheets"),
                run.result().result());
        assertEquals(
                List.of(
                        new ArchivedSubtask(
                                "Copy the sales table of Sales Report to the clipboard",
                                AppAgentStatus.FINISH,
                                "The sales table (Region, Q1, Q2 for North, South, East, West) is on the clipboard"),
                        new ArchivedSubtask(
                                "Paste the sales table into Book1 and insert a bar chart of it",
                                AppAgentStatus.FINISH,
                                "A bar chart of A1:C5 (Q1 and Q2 by region) is in Book1")),
                run.context().previousSubtasks());
    }

    @Test
    void theSheetDrewTheBarChartOfThePastedTable() throws Exception {
        JsonNode charts = new ObjectMapper().readTree(run.charts());
        assertEquals(
                new ObjectMapper()
                        .readTree(
                                """
                [{"type": "bar", "range": "A1:C5", "categories": ["North", "South", "East", "West"],
                  "series": [{"name": "Q1", "values": [120, 95, 143, 88]}, {"name": "Q2", "values": [135, 110, 150, 97]}]}]
                """),
                charts,
                console);
        assertEquals(8, run.bars(), "one bar per region and quarter");
    }

    @Test
    void eachPageHasItsAppAgentWithAnnotatedScreenshots() {
        Map<String, AppAgent> apps = run.host().appAgents();
        assertEquals(List.of("report.html/tab-0", "book.html/tab-1"), List.copyOf(apps.keySet()));
        AppAgent sheet = apps.get("book.html/tab-1");
        assertSame(run.host().blackboard(), sheet.blackboard());
        WindowSnapshot snapshot = sheet.lastSnapshot().orElseThrow();
        assertEquals(
                "[1] Button 'Insert Bar Chart'",
                snapshot.control(1).orElseThrow().describe());
        assertEquals("[5] Textbox 'A1'", snapshot.control(5).orElseThrow().describe());
        assertTrue(snapshot.screenshot().length > 1_000 && snapshot.annotated().length > 1_000);
        assertTrue(console.contains("wall time of the round: "), console);
    }
}
