package dev.agentfsm.agents.windows.journal;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import java.util.List;
import java.util.Map;

/**
 * A desktop whose typed calls go through a journal. {@code observe} and {@code execute} are the
 * interface's own, made of the typed calls, so they are journaled call by call too.
 */
final class JournaledDesktop implements DesktopDriver {
    private final Journal journal;
    private final DesktopDriver desktop;

    JournaledDesktop(Journal journal, DesktopDriver desktop) {
        this.journal = journal;
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return desktop.name();
    }

    @Override
    public List<DesktopWindow> windows() throws DriverException {
        return journal.call("desktop.windows", Map.of(), DeviceCodecs.WINDOWS, desktop::windows);
    }

    @Override
    public byte[] screenshot() throws DriverException {
        return journal.call("desktop.screenshot", Map.of(), DeviceCodecs.PNG, desktop::screenshot);
    }

    @Override
    public byte[] screenshot(DesktopWindow window) throws DriverException {
        return journal.call(
                "desktop.windowScreenshot",
                Map.of("window", window),
                DeviceCodecs.PNG,
                () -> desktop.screenshot(window));
    }

    @Override
    public List<DesktopControl> controls(DesktopWindow window) throws DriverException {
        return journal.call(
                "desktop.controls", Map.of("window", window), DeviceCodecs.CONTROLS, () -> desktop.controls(window));
    }

    @Override
    public ActionResult focus(DesktopWindow window) throws DriverException {
        return journal.call(
                "desktop.focus", Map.of("window", window), DeviceCodecs.RESULT, () -> desktop.focus(window));
    }

    @Override
    public ActionResult click(DesktopWindow window, DesktopControl control) throws DriverException {
        return journal.call(
                "desktop.click",
                Map.of("window", window, "control", control),
                DeviceCodecs.RESULT,
                () -> desktop.click(window, control));
    }

    @Override
    public ActionResult typeText(DesktopWindow window, DesktopControl control, String text) throws DriverException {
        return journal.call(
                "desktop.typeText",
                Map.of("window", window, "control", control, "text", text),
                DeviceCodecs.RESULT,
                () -> desktop.typeText(window, control, text));
    }

    @Override
    public ActionResult select(DesktopWindow window, DesktopControl control, String value) throws DriverException {
        return journal.call(
                "desktop.select",
                Map.of("window", window, "control", control, "value", value),
                DeviceCodecs.RESULT,
                () -> desktop.select(window, control, value));
    }

    @Override
    public ActionResult keys(DesktopWindow window, String keys) throws DriverException {
        return journal.call(
                "desktop.keys",
                Map.of("window", window, "keys", keys),
                DeviceCodecs.RESULT,
                () -> desktop.keys(window, keys));
    }

    @Override
    public List<ToolSpec> tools() {
        return desktop.tools();
    }

    @Override
    public void close() {
        desktop.close();
    }

    @Override
    public String toString() {
        return "journaled " + desktop.name();
    }
}
