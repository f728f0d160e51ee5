package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ScreenshotAnnotator;
import dev.agentfsm.agents.windows.desktop.simulated.Chart;
import dev.agentfsm.runtime.Blackboard;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** UFO's scenario end to end: "Extract the sales table from Word and create a bar chart in Excel". */
public class SalesChartScenarioTest {
    static final String REQUEST = "Extract the sales table from Word and create a bar chart in Excel";

    /**
     * The scenario's qualified path: Word's AppAgent copies the table in two steps, Excel's pastes and
     * charts it in four; the browser's run of the scenario takes the same path.
     */
    public static final List<String> PATH = List.of(
            "HostAgent.CONTINUE",
            "HostAgent.ASSIGN",
            "AppAgent.CONTINUE",
            "AppAgent.CONTINUE",
            "AppAgent.FINISH",
            "HostAgent.CONTINUE",
            "HostAgent.ASSIGN",
            "AppAgent.CONTINUE",
            "AppAgent.CONTINUE",
            "AppAgent.CONTINUE",
            "AppAgent.CONTINUE",
            "AppAgent.FINISH",
            "HostAgent.CONTINUE",
            "HostAgent.FINISH");

    private final Desk desk = new Desk("sales-chart");

    @Test
    void theHostHandsEachSubtaskToItsApplicationAndFinishes() throws IOException {
        RoundResult result = desk.run(REQUEST);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(PATH, result.qualifiedPath());
        assertEquals(
                Optional.of("The sales table from Sales Report.docx is charted as a bar chart in Book1 - Excel"),
                result.result());
        assertEquals(0, desk.llm.remaining());

        assertEquals(
                List.of(
                        new ArchivedSubtask(
                                "Copy the sales table of Sales Report.docx to the clipboard",
                                AppAgentStatus.FINISH,
                                "The sales table (Region, Q1, Q2 for North, South, East, West) is on the clipboard"),
                        new ArchivedSubtask(
                                "Paste the sales table into Book1 and insert a bar chart of it",
                                AppAgentStatus.FINISH,
                                "A bar chart of A1:C5 (Q1 and Q2 by region) is in Book1")),
                desk.context.previousSubtasks());

        assertEquals(
                List.of(new Chart(
                        "bar",
                        "A1:C5",
                        List.of("North", "South", "East", "West"),
                        List.of(
                                new Chart.Series("Q1", List.of(120.0, 95.0, 143.0, 88.0)),
                                new Chart.Series("Q2", List.of(135.0, 110.0, 150.0, 97.0))))),
                desk.excel.charts());
        assertEquals("Region", desk.excel.cell("A1"));
    }

    @Test
    void theAppAgentsAreCachedByApplicationAndShareTheHostsBlackboard() {
        desk.run(REQUEST);

        Map<String, AppAgent> apps = desk.host.appAgents();
        assertEquals(List.of("WINWORD.EXE/WINWORD.EXE#4120", "EXCEL.EXE/EXCEL.EXE#5210"), List.copyOf(apps.keySet()));
        AppAgent excel = apps.get("EXCEL.EXE/EXCEL.EXE#5210");
        assertSame(desk.host, excel.hostAgent().orElseThrow());
        assertSame(desk.host.blackboard(), excel.blackboard());
        assertSame(excel, desk.host.activeAppAgent().orElseThrow());
        assertEquals(
                Optional.of("Paste the sales table into Book1 and insert a bar chart of it"),
                desk.context.get(Context.SUBTASK));

        Blackboard board = desk.host.blackboard();
        assertEquals(
                List.of(
                        "HostAgent",
                        "AppAgent/WINWORD.EXE",
                        "AppAgent/WINWORD.EXE",
                        "HostAgent",
                        "AppAgent/EXCEL.EXE",
                        "AppAgent/EXCEL.EXE",
                        "AppAgent/EXCEL.EXE",
                        "AppAgent/EXCEL.EXE",
                        "HostAgent"),
                board.trajectories().stream().map(t -> t.get("agent")).toList());
        Map<String, Object> copy = board.trajectories().get(2);
        assertEquals("FINISH", copy.get("status"));
        assertEquals("Copy the sales table of Sales Report.docx to the clipboard", copy.get("subtask"));
        assertTrue(
                String.valueOf(copy.get("action")).startsWith("keyboard_input '^c' in Sales Report.docx - Word: done."),
                String.valueOf(copy.get("action")));
        assertEquals(1, board.screenshots().size());
        assertEquals(
                "Book1 - Excel: the sheet before the chart",
                board.screenshots().get(0).description());
    }

    @Test
    void thePromptsCarryWhatTheAgentsNeed() {
        desk.run(REQUEST);
        List<LlmRequest> requests = desk.llm.requests();

        String firstHost = userText(requests.get(0));
        assertTrue(
                firstHost.contains(
                        "[Windows:]\n[1] Sales Report.docx - Word (WINWORD.EXE)\n[2] Book1 - Excel (EXCEL.EXE)"),
                firstHost);
        assertTrue(
                firstHost.contains("- select_application_window(id: the number of the window in the window list)"),
                firstHost);
        assertEquals(1, lastUser(requests.get(0)).images().size(), "the desktop screenshot");

        String word = userText(requests.get(1));
        assertTrue(word.contains("[Subtask:]\nCopy the sales table of Sales Report.docx to the clipboard"), word);
        assertTrue(word.contains("[3] Table 'Sales table'"), word);
        assertEquals(2, lastUser(requests.get(1)).images().size(), "the clean and the annotated screenshot");

        String secondHost = userText(requests.get(3));
        assertTrue(
                secondHost.contains(
                        "[Previous subtasks:]\n- Copy the sales table of Sales Report.docx to the clipboard -> FINISH"),
                secondHost);
        assertTrue(secondHost.contains("[Step Trajectories Completed Previously:]"), secondHost);
    }

    @Test
    void theAnnotatedScreenshotShowsTheLabels() throws Exception {
        desk.run(REQUEST);
        WindowSnapshot excel = desk.host
                .appAgents()
                .get("EXCEL.EXE/EXCEL.EXE#5210")
                .lastSnapshot()
                .orElseThrow();
        assertEquals(43, excel.controls().size());
        assertEquals("[4] DataItem 'A1'", excel.control(4).orElseThrow().describe());
        Path out = Path.of("target", "screenshots");
        Files.createDirectories(out);
        Files.write(out.resolve("excel.png"), excel.screenshot());
        Files.write(out.resolve("excel-annotated.png"), excel.annotated());
        Files.write(out.resolve("desktop.png"), desk.desktop.screenshot());
        // the label box of control 1 (Insert Bar Chart) is drawn at the control's top-left corner
        BufferedImage plain = Images.read(excel.screenshot());
        BufferedImage annotated = Images.read(excel.annotated());
        Rect rect = excel.control(1).orElseThrow().labelIn(excel.window()).rect();
        assertEquals(new Rect(10, 32, 130, 56), rect, "Insert Bar Chart, in the window's coordinates");
        int yellow = ScreenshotAnnotator.LABEL_BACKGROUND.getRGB();
        assertEquals(yellow, annotated.getRGB(rect.left() + 2, rect.top() + 8));
        assertTrue(plain.getRGB(rect.left() + 2, rect.top() + 8) != yellow);
    }

    private static ChatMessage lastUser(LlmRequest request) {
        return request.messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .reduce((a, b) -> b)
                .orElseThrow();
    }

    private static String userText(LlmRequest request) {
        return lastUser(request).text();
    }
}
