package dev.agentfsm.agents.windows.desktop;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The desktop the Windows agents observe and act on: its windows, screenshots, the controls of a
 * window, and input on those controls. {@link dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop} is
 * the simulated implementation; a real one would sit on UI Automation (see the module's README).
 *
 * <p>An action that fails in an expected way (a disabled control, a value a list does not hold) is
 * an {@link ActionResult} with a reason the LLM gets back. A desktop that cannot be used any more (an
 * application crashed, a window vanished) is a {@link DriverException}, which moves the agent to its
 * {@code ERROR} state. Every call returns within the driver's own time-out (a real driver takes
 * {@code RuntimeConfig.actionTimeout()} when it is built); a call past it is a {@code DriverException}
 * naming the window and the operation, never a hang.
 *
 * <p>It is a {@link DeviceDriver}, so whatever wraps a device (a test double, a step interceptor) wraps a
 * desktop too: {@link #observe} is the desktop's screenshot with its window list, {@link #tools} are
 * {@link #TOOLS} and {@link #execute(Action, Duration)} runs one of them, naming the window and the
 * control by id. The typed methods below are what an implementation writes, and what the agents call: a
 * session journal wraps them through {@code WindowsJournal.desktop}.
 */
public interface DesktopDriver extends DeviceDriver {

    /**
     * The desktop's actions as device tools: each names a window by {@link DesktopWindow#id()} and,
     * where it acts on a control, the control by {@link DesktopControl#id()}.
     */
    List<ToolSpec> TOOLS = List.of(
            new ToolSpec("focus", "Bring a window to the front", Map.of("window", "the window's id")),
            new ToolSpec(
                    "click_input",
                    "Click a control",
                    Map.of("window", "the window's id", "control", "the control's id")),
            new ToolSpec(
                    "set_edit_text",
                    "Type text into a control",
                    Map.of("window", "the window's id", "control", "the control's id", "text", "the text")),
            new ToolSpec(
                    "select_item",
                    "Select a value in a control",
                    Map.of("window", "the window's id", "control", "the control's id", "value", "the value")),
            new ToolSpec(
                    "keyboard_input",
                    "Send keys to a window, in UFO's notation",
                    Map.of("window", "the window's id", "keys", "the keys, e.g. ^c or {ENTER}")));

    /** The visible top-level application windows, front to back. */
    List<DesktopWindow> windows() throws DriverException;

    /** A PNG screenshot of the whole desktop. */
    byte[] screenshot() throws DriverException;

    /** A PNG screenshot of one window, its top-left corner at {@link DesktopWindow#bounds()}'s top-left. */
    byte[] screenshot(DesktopWindow window) throws DriverException;

    /** The controls of a window that an agent can act on, in reading order. */
    List<DesktopControl> controls(DesktopWindow window) throws DriverException;

    /** Brings a window to the front and gives it the keyboard focus. */
    ActionResult focus(DesktopWindow window) throws DriverException;

    /** Clicks a control with the left button. */
    ActionResult click(DesktopWindow window, DesktopControl control) throws DriverException;

    /** Types text into a control (an edit box, a cell). */
    ActionResult typeText(DesktopWindow window, DesktopControl control, String text) throws DriverException;

    /** Selects a value in a control: an item of a list, a range of a sheet. */
    ActionResult select(DesktopWindow window, DesktopControl control, String value) throws DriverException;

    /** Sends keys to a window, in UFO's notation: {@code "^c"} is Ctrl+C, {@code "{ENTER}"} is Enter. */
    ActionResult keys(DesktopWindow window, String keys) throws DriverException;

    /**
     * The desktop's screenshot and its windows, one a line ({@code id: title (process)}). The typed
     * calls keep the driver's own time-out, so {@code timeout} is not used.
     */
    @Override
    default Observation observe(Duration timeout) throws DriverException {
        String windows = windows().stream()
                .map(w -> w.id() + ": " + w.shownTitle() + " (" + w.processName() + ")")
                .collect(Collectors.joining("\n"));
        return new Observation(Optional.of(screenshot()), Optional.empty(), Optional.of(windows));
    }

    /** {@link #TOOLS}. */
    @Override
    default List<ToolSpec> tools() {
        return TOOLS;
    }

    /**
     * Runs one of {@link #TOOLS} on the typed methods. An unknown function, window or control, or a
     * missing argument, is a failed result naming the bad value and what the desktop offers. The typed
     * calls keep the driver's own time-out, so {@code timeout} is not used.
     */
    @Override
    default ActionResult execute(Action action, Duration timeout) throws DriverException {
        Optional<String> windowId = DesktopActions.text(action, "window");
        if (windowId.isEmpty()) {
            return DesktopActions.missing(action, "window");
        }
        Optional<DesktopWindow> window =
                windows().stream().filter(w -> w.id().equals(windowId.get())).findFirst();
        if (window.isEmpty()) {
            return ActionResult.failed("no window '" + windowId.get() + "' on " + name() + "; its windows are "
                    + windows().stream().map(DesktopWindow::id).toList());
        }
        return DesktopActions.run(this, window.get(), action);
    }

    /** Releases the desktop; the default does nothing. */
    @Override
    default void close() {}
}
