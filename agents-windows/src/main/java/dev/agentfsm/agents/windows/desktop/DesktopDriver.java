package dev.agentfsm.agents.windows.desktop;

import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.util.List;

/**
 * The desktop the Windows agents observe and act on: its windows, screenshots, the controls of a
 * window, and input on those controls. {@link dev.agentfsm.agents.windows.sim.SimulatedDesktop} is
 * the simulated implementation; a real one would sit on UI Automation (see the module's README).
 *
 * <p>An action that fails in an expected way (a disabled control, a value a list does not hold) is
 * an {@link ActionResult} with a reason the LLM gets back. A desktop that cannot be used any more (an
 * application crashed, a window vanished) is a {@link DriverException}, which moves the agent to its
 * {@code ERROR} state. Every call returns within the driver's own time-out (a real driver takes
 * {@code RuntimeConfig.actionTimeout()} when it is built); a call past it is a {@code DriverException}
 * naming the window and the operation, never a hang.
 */
public interface DesktopDriver extends AutoCloseable {

    /** A name for logs, e.g. {@code "simulated-desktop"} or {@code "uia:session-1"}. */
    String name();

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

    /** Releases the desktop; the default does nothing. */
    @Override
    default void close() {}
}
