package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDocument;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedSheet;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.device.ActionResult;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The simulated desktop as the Operator's screen: points resolve to the controls the last look saw. */
class DesktopScreenTest {
    private final SimulatedDesktop desktop =
            SimulatedDesktop.of(SimulatedDocument.salesReport(), SimulatedSheet.emptyBook());
    private final DesktopScreen screen = new DesktopScreen(desktop);

    @Test
    void aLookIsTheDesktopsScreenshotAndSaysWhatLiesAtAPoint() throws Exception {
        assertEquals(Optional.empty(), screen.at(new Point(80, 64)), "nothing is known before a look");

        ScreenView view = screen.look();

        assertEquals(List.of(1280, 720), List.of(view.width(), view.height()));
        assertEquals(Optional.of("Button 'Delete Table' in 'Sales Report.docx - Word'"), screen.at(new Point(80, 64)));
        assertEquals(Optional.of("DataItem 'A1' in 'Book1 - Excel'"), screen.at(new Point(680, 142)));
        assertEquals(Optional.empty(), screen.at(new Point(1270, 700)), "the desktop's background");
    }

    @Test
    void keysGoToTheWindowTheHostFocusedUntilAClickMovesTheFocus() throws Exception {
        screen.look();
        ActionResult none = screen.keys("^c");
        assertFalse(none.success());
        assertEquals(
                Optional.of("no window has the focus: click into a window first; no key was pressed"), none.reason());

        DesktopWindow excel = desktop.windows().get(1);
        screen.focused(excel);
        screen.keys("{ENTER}"); // the sheet may refuse the key: where it went is what counts here
        assertTrue(screen.click(new Point(215, 235), "left").success(), "the sales table");
        assertTrue(screen.keys("^c").success());

        assertEquals(
                List.of(
                        "keys Book1 - Excel: {ENTER}",
                        "click Sales Report.docx - Word: Sales table",
                        "keys Sales Report.docx - Word: ^c"),
                desktop.log().stream()
                        .filter(l -> l.startsWith("keys") || l.startsWith("click"))
                        .toList());
    }

    @Test
    void whatTheDesktopCannotDoIsRefusedWithTheReason() throws Exception {
        screen.look();

        assertEquals(
                Optional.of("right-click at (80, 64): only left clicks are possible here (the desktop driver clicks"
                        + " controls); nothing was clicked"),
                screen.click(new Point(80, 64), "right").reason());
        assertEquals(
                Optional.of("nothing has the focus: click the field or cell to type into first; nothing was typed"),
                screen.type("Q1").reason());
        assertEquals(
                Optional.of("there is no window at (1270, 700), only the desktop background; nothing was clicked"),
                screen.click(new Point(1270, 700), "left").reason());
        assertTrue(screen.scroll(new Point(680, 142), 0, 100)
                .reason()
                .orElseThrow()
                .contains("cannot scroll"));
        assertFalse(
                desktop.log().stream().anyMatch(l -> l.startsWith("click") || l.startsWith("type")),
                desktop.log().toString());
    }
}
