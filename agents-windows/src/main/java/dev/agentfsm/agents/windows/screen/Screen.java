package dev.agentfsm.agents.windows.screen;

import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the {@code OperatorAgent} acts on: a screen it sees as a screenshot and acts on at that
 * screenshot's pixel coordinates, with a mouse and a keyboard. Two implementations: any
 * {@link dev.agentfsm.agents.windows.desktop.DesktopDriver} (the simulated desktop), whose points
 * resolve to the controls of its windows, and a real browser through Playwright's MCP server
 * ({@code dev.agentfsm.agents.windows.browser.BrowserScreen}), whose coordinate tools act on the page.
 *
 * <p>The coordinates of an action are those of the last {@link #look()}: the Operator checks that every
 * point lies on that screenshot before it calls the screen, so an implementation only gets points in
 * {@code [0, width) x [0, height)}. An action the screen cannot do (a right click on a desktop that only
 * clicks controls, a point on no control) is a failed {@link ActionResult} saying why, which the model
 * reads; a screen that cannot be used any more is a {@link DriverException}.
 */
public interface Screen {

    /** A name for logs and messages, e.g. {@code "simulated-desktop"}. */
    String name();

    /**
     * Looks at the screen: a screenshot whose pixels are the coordinates of the actions until the next
     * look. An implementation that needs what lies under the pointer (the desktop's controls) captures it
     * here, so that the actions resolve on what the model saw, also when CONFIRM runs one later.
     */
    ScreenView look() throws DriverException;

    /**
     * What lay at {@code point} at the last look, for the user who confirms an action and for the model's
     * next prompt: a control and its window ({@code Button 'Delete Table' in 'Sales Report - Docs'}) or
     * a window ({@code 'Book1 - Excel'}); empty when nothing known lies there.
     */
    Optional<String> at(Point point);

    /**
     * Tells the screen that {@code window} got the keyboard focus (the host focused it to assign its
     * subtask), so that keys pressed before any click go to it. The default does nothing: a real screen
     * knows where its focus is.
     */
    default void focused(DesktopWindow window) {}

    /** Clicks {@code button} ({@code left}, {@code right}, {@code middle}, {@code back}, {@code forward}) at a point. */
    ActionResult click(Point at, String button) throws DriverException;

    /** Double-clicks the left button at a point. */
    ActionResult doubleClick(Point at) throws DriverException;

    /** Types {@code text} on the keyboard, into whatever has the focus. */
    ActionResult type(String text) throws DriverException;

    /**
     * Presses keys, in UFO's notation as {@link dev.agentfsm.agents.windows.desktop.DesktopDriver#keys}
     * takes them: {@code "^c"} is Ctrl+C, {@code "{ENTER}"} is Enter.
     */
    ActionResult keys(String keys) throws DriverException;

    /** Scrolls by {@code scrollX}, {@code scrollY} pixels with the pointer at {@code at}. */
    ActionResult scroll(Point at, int scrollX, int scrollY) throws DriverException;

    /** Drags with the left button held along {@code path}, from its first point to its last. */
    ActionResult drag(List<Point> path) throws DriverException;

    /** Waits {@code duration} for the screen to settle; the default sleeps. */
    default ActionResult pause(Duration duration) throws DriverException {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting on " + name(), e);
        }
        return ActionResult.ok("waited " + seconds(duration));
    }

    /** {@code "1 s"}, {@code "250 ms"}: a duration as a person writes it. */
    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
