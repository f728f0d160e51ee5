package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SCREENSHOT re-captures and re-annotates until the controls the LLM waits for are on the window, and
 * fails the subtask when one is still missing after {@code maxReannotate} re-annotations in a row.
 */
class ScreenshotTest {

    @Test
    void staysUntilTheDialogsButtonIsAnnotated() throws Exception {
        Desk desk = new Desk("screenshot-loop");
        DesktopWindow excel = desk.desktop.windows().get(1);
        List<DesktopControl> controls = desk.desktop.controls(excel);
        for (String[] cell : new String[][] {{"A1", "Region"}, {"B1", "Q1"}, {"A2", "North"}, {"B2", "120"}}) {
            desk.desktop.typeText(excel, named(controls, cell[0]), cell[1]);
        }
        desk.desktop.select(excel, named(controls, "Sheet"), "A1:B2");

        RoundResult result = desk.run("Chart the data with the Chart Wizard");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.SCREENSHOT",
                        "AppAgent.SCREENSHOT",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(1, desk.excel.charts().size());
        assertEquals(List.of("North"), desk.excel.charts().get(0).categories());
        assertFalse(desk.excel.dialogOpen());
        assertEquals(
                4,
                desk.desktop.log().stream()
                        .filter(l -> l.equals("screenshot Book1 - Excel"))
                        .count(),
                "two CONTINUE steps and two SCREENSHOT steps captured the window");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 5})
    void aControlThatNeverAppearsFailsTheSubtaskAfterMaxReannotateReannotations(int limit) {
        Desk desk = new Desk(
                "screenshot-never",
                UserChannel.alwaysDeny(),
                Desk.config(true, false, 0).toBuilder().maxReannotate(limit).build());

        RoundResult result = desk.run("Chart the data as a pie");

        List<String> path = new ArrayList<>(List.of("HostAgent.CONTINUE", "HostAgent.ASSIGN", "AppAgent.CONTINUE"));
        path.addAll(Collections.nCopies(limit, "AppAgent.SCREENSHOT"));
        path.addAll(List.of("AppAgent.FAIL", "HostAgent.CONTINUE", "HostAgent.FINISH"));
        assertEquals(
                path, result.qualifiedPath(), "SCREENSHOT re-annotates " + limit + " times, then the subtask fails");
        String why = "gave up waiting for the control 'Pie Wizard' on 'Book1 - Excel': it did not appear after " + limit
                + (limit == 1 ? " re-annotation" : " re-annotations") + " (maxReannotate " + limit + ")";
        assertEquals(
                List.of(new ArchivedSubtask("Chart the data as a pie", AppAgentStatus.FAIL, why)), result.subtasks());
        String hostPrompt = desk.llm.requests().get(2).messages().get(1).text();
        assertTrue(hostPrompt.contains("- Chart the data as a pie -> FAIL: " + why), hostPrompt);
        assertEquals(
                1 + limit,
                desk.desktop.log().stream()
                        .filter(l -> l.equals("screenshot Book1 - Excel"))
                        .count(),
                "one CONTINUE step and " + limit + " SCREENSHOT steps captured the window");
        assertEquals(Outcome.COMPLETED, result.outcome(), "the host heard why and finished the round itself");
    }

    @Test
    void theLimitCountsOnlyReannotationsInARow() throws Exception {
        // the chart dialog takes two screenshots to render: a limit of 2 is just enough
        Desk desk = new Desk(
                "screenshot-loop",
                UserChannel.alwaysDeny(),
                Desk.config(true, false, 0).toBuilder().maxReannotate(2).build());
        DesktopWindow excel = desk.desktop.windows().get(1);
        desk.desktop.select(excel, named(desk.desktop.controls(excel), "Sheet"), "A1:B2");

        RoundResult result = desk.run("Chart the data with the Chart Wizard");

        assertEquals(
                List.of("AppAgent.SCREENSHOT", "AppAgent.SCREENSHOT", "AppAgent.CONTINUE", "AppAgent.FINISH"),
                result.qualifiedPath().subList(3, 7));
        assertEquals(
                List.of(AppAgentStatus.FINISH),
                result.subtasks().stream().map(ArchivedSubtask::status).toList());
    }

    private static DesktopControl named(List<DesktopControl> controls, String name) {
        return controls.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
