package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.RoundResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SCREENSHOT re-captures and re-annotates until the controls the LLM waits for are on the window. */
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

        assertEquals(List.of("HostAgent.CONTINUE", "HostAgent.ASSIGN", "AppAgent.CONTINUE",
                "AppAgent.SCREENSHOT", "AppAgent.SCREENSHOT", "AppAgent.CONTINUE", "AppAgent.FINISH",
                "HostAgent.CONTINUE", "HostAgent.FINISH"), result.qualifiedPath());
        assertEquals(1, desk.excel.charts().size());
        assertEquals(List.of("North"), desk.excel.charts().get(0).categories());
        assertFalse(desk.excel.dialogOpen());
        assertEquals(4, desk.desktop.log().stream().filter(l -> l.equals("screenshot Book1 - Excel")).count(),
                "two CONTINUE steps and two SCREENSHOT steps captured the window");
    }

    private static DesktopControl named(List<DesktopControl> controls, String name) {
        return controls.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
