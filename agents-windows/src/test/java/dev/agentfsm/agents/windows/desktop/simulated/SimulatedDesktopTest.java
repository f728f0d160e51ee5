package dev.agentfsm.agents.windows.desktop.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.windows.Images;
import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimulatedDesktopTest {
    private final SimulatedDocument word = SimulatedDocument.salesReport();
    private final SimulatedSheet excel = SimulatedSheet.emptyBook();
    private final SimulatedDesktop desktop = SimulatedDesktop.of(word, excel);

    @Test
    void listsTheWindowsWithTheirApplications() {
        List<DesktopWindow> windows = desktop.windows();
        assertEquals(
                List.of("Sales Report.docx - Word", "Book1 - Excel"),
                windows.stream().map(DesktopWindow::title).toList());
        assertEquals("WINWORD.EXE/WINWORD.EXE#4120", windows.get(0).appKey());
        assertEquals("EXCEL.EXE", windows.get(1).appRoot());
    }

    @Test
    void screenshotsArePngImagesOfTheWindowSize() throws Exception {
        BufferedImage all = image(desktop.screenshot());
        assertEquals(SimulatedDesktop.WIDTH, all.getWidth());
        assertEquals(SimulatedDesktop.HEIGHT, all.getHeight());
        DesktopWindow wordWindow = desktop.windows().get(0);
        BufferedImage one = image(desktop.screenshot(wordWindow));
        assertEquals(wordWindow.bounds().width(), one.getWidth());
        assertEquals(wordWindow.bounds().height(), one.getHeight());
        assertEquals(0x2b579a, one.getRGB(200, 5) & 0xffffff, "the title bar is drawn");
    }

    @Test
    void controlsAreInScreenCoordinates() throws Exception {
        DesktopWindow excelWindow = desktop.windows().get(1);
        DesktopControl chart = control(excelWindow, "Insert Bar Chart");
        assertEquals(excelWindow.bounds().left() + 10, chart.rect().left());
        assertEquals("Button", chart.type());
        assertEquals(
                3 + SimulatedSheet.COLUMNS * SimulatedSheet.ROWS,
                desktop.controls(excelWindow).size());
    }

    @Test
    void copiesTheWordTableAndChartsItInExcel() throws Exception {
        DesktopWindow w = desktop.windows().get(0);
        DesktopWindow x = desktop.windows().get(1);
        assertFalse(desktop.keys(w, "^c").success(), "nothing is selected yet");
        assertTrue(desktop.click(w, control(w, "Sales table")).success());
        assertTrue(desktop.keys(w, "^c").success());
        assertEquals(
                "Region\tQ1\tQ2\nNorth\t120\t135\nSouth\t95\t110\nEast\t143\t150\nWest\t88\t97",
                desktop.clipboard().text());

        desktop.click(x, control(x, "A1"));
        assertEquals("pasted 5 rows into A1:C5", desktop.keys(x, "^v").output());
        assertEquals("143", excel.cell("B4"));
        ActionResult noRange = desktop.click(x, control(x, "Insert Bar Chart"));
        assertEquals(
                "no range is selected; select the data on the Sheet first (e.g. A1:C5)",
                noRange.reason().orElseThrow());
        assertFalse(desktop.select(x, control(x, "Sheet"), "A1:Z99").success());
        assertTrue(desktop.select(x, control(x, "Sheet"), "A1:C5").success());
        assertTrue(desktop.click(x, control(x, "Insert Bar Chart")).success());

        Chart chart = excel.charts().get(0);
        assertEquals("bar", chart.type());
        assertEquals(List.of("North", "South", "East", "West"), chart.categories());
        assertEquals(
                new Chart.Series("Q2", List.of(135.0, 110.0, 150.0, 97.0)),
                chart.series().get(1));
        assertEquals(
                List.of("click Book1 - Excel: Insert Bar Chart"),
                desktop.log().stream()
                        .filter(line -> line.endsWith("Insert Bar Chart"))
                        .distinct()
                        .toList());
    }

    @Test
    void theChartDialogRendersOverSeveralScreenshots() throws Exception {
        DesktopWindow x = desktop.windows().get(1);
        desktop.click(x, control(x, "Chart Wizard"));
        assertTrue(excel.dialogOpen());
        assertFalse(names(x).contains("Clustered Bar"));
        desktop.screenshot(x);
        assertFalse(names(x).contains("Clustered Bar"), "one frame is not enough");
        desktop.screenshot(x);
        assertTrue(names(x).contains("Clustered Bar"));
    }

    @Test
    void aCrashedApplicationIsADriverException() throws Exception {
        DesktopWindow w = desktop.windows().get(0);
        DesktopControl table = control(w, "Sales table");
        word.crash("an access violation");
        DriverException e = assertThrows(DriverException.class, () -> desktop.click(w, table));
        assertEquals("Sales Report.docx - Word (WINWORD.EXE) stopped responding: an access violation", e.getMessage());
    }

    @Test
    void aControlThatIsGoneIsAFailedResult() throws Exception {
        DesktopWindow w = desktop.windows().get(0);
        DesktopControl table = control(w, "Sales table");
        desktop.click(w, control(w, "Delete Table"));
        assertEquals(List.of(), word.table());
        ActionResult gone = desktop.click(w, table);
        assertEquals(
                "control Sales table (word:table) is no longer in Sales Report.docx - Word; take a new screenshot",
                gone.reason().orElseThrow());
    }

    @Test
    void theDesktopIsADeviceDriverWhoseActionsReachTheTypedCalls() throws Exception {
        DeviceDriver device = desktop;
        DesktopWindow w = desktop.windows().get(0);
        Observation seen = device.observe(Duration.ofSeconds(1));
        assertEquals(
                SimulatedDesktop.WIDTH,
                image(seen.screenshotPng().orElseThrow()).getWidth());
        assertTrue(seen.text().orElseThrow().contains(w.id() + ": Sales Report.docx - Word"));
        assertEquals(DesktopDriver.TOOLS, device.tools());

        String table = control(w, "Sales table").id();
        assertTrue(device.execute(new Action("click_input", Map.of("window", w.id(), "control", table)), Duration.ZERO)
                .success());
        assertTrue(device.execute(new Action("keyboard_input", Map.of("window", w.id(), "keys", "^c")), Duration.ZERO)
                .success());
        assertTrue(desktop.clipboard().text().startsWith("Region\tQ1"));

        ActionResult noWindow = device.execute(new Action("focus", Map.of("window", "nope")), Duration.ZERO);
        assertEquals(
                "no window 'nope' on " + desktop.name() + "; its windows are "
                        + desktop.windows().stream().map(DesktopWindow::id).toList(),
                noWindow.reason().orElseThrow());
        ActionResult noControl =
                device.execute(new Action("click_input", Map.of("window", w.id(), "control", "nope")), Duration.ZERO);
        assertTrue(noControl.reason().orElseThrow().startsWith("no control 'nope' in window '" + w.id() + "'"));
        ActionResult noText =
                device.execute(new Action("set_edit_text", Map.of("window", w.id(), "control", table)), Duration.ZERO);
        assertTrue(noText.reason().orElseThrow().startsWith("set_edit_text needs the argument 'text'"));
        ActionResult unknown = device.execute(new Action("drag", Map.of("window", w.id())), Duration.ZERO);
        assertTrue(unknown.reason().orElseThrow().startsWith("unknown function 'drag'; a desktop offers [focus,"));
    }

    private DesktopControl control(DesktopWindow window, String name) throws DriverException {
        return desktop.controls(window).stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private List<String> names(DesktopWindow window) throws DriverException {
        return desktop.controls(window).stream().map(DesktopControl::name).toList();
    }

    private static BufferedImage image(byte[] png) throws IOException {
        return Images.read(png);
    }
}
