package dev.agentfsm.agents.windows.desktop.simulated;

import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.Rect;
import java.awt.Graphics2D;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One scriptable application of a {@link SimulatedDesktop}: its window, the controls it shows, how
 * it reacts to input, and how it paints itself. Coordinates are relative to the window's top-left
 * corner; the desktop moves them to the screen. Subclasses hold the application's document and let
 * tests read it back.
 */
public abstract class SimulatedApplication {
    /** The height of the title bar the desktop draws above every window's content. */
    public static final int TITLE_BAR = 26;

    private final String title;
    private final String appRoot;
    private final String processName;
    private final Rect bounds;
    private Optional<String> crash = Optional.empty();

    /**
     * @param title the window title
     * @param appRoot the executable, e.g. {@code "WINWORD.EXE"}
     * @param processName the owning process, e.g. {@code "WINWORD.EXE#4120"}
     * @param bounds where the window is on the screen
     */
    protected SimulatedApplication(String title, String appRoot, String processName, Rect bounds) {
        this.title = Objects.requireNonNull(title, "title");
        this.appRoot = Objects.requireNonNull(appRoot, "appRoot");
        this.processName = Objects.requireNonNull(processName, "processName");
        this.bounds = Objects.requireNonNull(bounds, "bounds");
    }

    public final String title() {
        return title;
    }

    public final String appRoot() {
        return appRoot;
    }

    public final String processName() {
        return processName;
    }

    public final Rect bounds() {
        return bounds;
    }

    /**
     * Makes the application stop responding: from now on every call of the desktop on it fails with
     * a {@link dev.agentfsm.runtime.device.DriverException} carrying {@code reason}.
     */
    public final void crash(String reason) {
        crash = Optional.of(Objects.requireNonNull(reason, "reason"));
    }

    /** Why the application stopped responding, if it did. */
    public final Optional<String> crashed() {
        return crash;
    }

    /** The controls the window shows now, window-relative. */
    protected abstract List<SimulatedControl> controls();

    /** Paints the window's content below the title bar; {@code g} is translated to the window's top-left. */
    protected abstract void paint(Graphics2D g, int width, int height);

    /** Reacts to a left click on a control. */
    protected abstract ActionResult click(SimulatedControl control);

    /** Reacts to text typed into a control; the default refuses. */
    protected ActionResult typeText(SimulatedControl control, String text) {
        return ActionResult.failed(control.name() + " (" + control.type() + ") of " + title + " does not take text");
    }

    /** Reacts to a value selected in a control; the default refuses. */
    protected ActionResult select(SimulatedControl control, String value) {
        return ActionResult.failed(control.name() + " (" + control.type() + ") of " + title + " has nothing to select");
    }

    /** Reacts to keys sent to the window; the default refuses. */
    protected ActionResult keys(String keys, SimulatedClipboard clipboard) {
        return ActionResult.failed(title + " does not react to keys " + keys);
    }

    /** Called once per screenshot: an application that renders over several frames advances here. */
    protected void frame() {}

    /** A control of a simulated window, with a window-relative rectangle. */
    protected record SimulatedControl(String id, String name, String type, Rect rect) {}
}
