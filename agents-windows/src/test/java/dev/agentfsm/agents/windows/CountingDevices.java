package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.Screen;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A desktop and a screen that pass every call on and write down each one that reached them. */
final class CountingDevices {
    private CountingDevices() {}

    /** A desktop that writes down each call, e.g. {@code "click Sales Report.docx - Word: Delete Table"}. */
    static final class Desktop implements DesktopDriver {
        final List<String> calls = new ArrayList<>();
        private final DesktopDriver desktop;

        Desktop(DesktopDriver desktop) {
            this.desktop = desktop;
        }

        @Override
        public String name() {
            return desktop.name();
        }

        @Override
        public List<DesktopWindow> windows() throws DriverException {
            calls.add("windows");
            return desktop.windows();
        }

        @Override
        public byte[] screenshot() throws DriverException {
            calls.add("screenshot");
            return desktop.screenshot();
        }

        @Override
        public byte[] screenshot(DesktopWindow window) throws DriverException {
            calls.add("screenshot " + window.title());
            return desktop.screenshot(window);
        }

        @Override
        public List<DesktopControl> controls(DesktopWindow window) throws DriverException {
            calls.add("controls " + window.title());
            return desktop.controls(window);
        }

        @Override
        public ActionResult focus(DesktopWindow window) throws DriverException {
            calls.add("focus " + window.title());
            return desktop.focus(window);
        }

        @Override
        public ActionResult click(DesktopWindow window, DesktopControl control) throws DriverException {
            calls.add("click " + window.title() + ": " + control.name());
            return desktop.click(window, control);
        }

        @Override
        public ActionResult typeText(DesktopWindow window, DesktopControl control, String text) throws DriverException {
            calls.add("type " + window.title() + ": " + control.name() + " '" + text + "'");
            return desktop.typeText(window, control, text);
        }

        @Override
        public ActionResult select(DesktopWindow window, DesktopControl control, String value) throws DriverException {
            calls.add("select " + window.title() + ": " + control.name() + " '" + value + "'");
            return desktop.select(window, control, value);
        }

        @Override
        public ActionResult keys(DesktopWindow window, String keys) throws DriverException {
            calls.add("keys " + window.title() + ": " + keys);
            return desktop.keys(window, keys);
        }
    }

    /** A screen that writes down each call, e.g. {@code "click (80, 64) left"}. */
    static final class CountingScreen implements Screen {
        final List<String> calls = new ArrayList<>();
        private final Screen screen;

        CountingScreen(Screen screen) {
            this.screen = screen;
        }

        @Override
        public String name() {
            return screen.name();
        }

        @Override
        public ScreenView look() throws DriverException {
            calls.add("look");
            return screen.look();
        }

        @Override
        public Optional<String> at(Point point) {
            calls.add("at " + point);
            return screen.at(point);
        }

        @Override
        public void focused(DesktopWindow window) {
            screen.focused(window);
        }

        @Override
        public ActionResult click(Point at, String button) throws DriverException {
            calls.add("click " + at + " " + button);
            return screen.click(at, button);
        }

        @Override
        public ActionResult doubleClick(Point at) throws DriverException {
            calls.add("doubleClick " + at);
            return screen.doubleClick(at);
        }

        @Override
        public ActionResult type(String text) throws DriverException {
            calls.add("type " + text);
            return screen.type(text);
        }

        @Override
        public ActionResult keys(String keys) throws DriverException {
            calls.add("keys " + keys);
            return screen.keys(keys);
        }

        @Override
        public ActionResult scroll(Point at, int scrollX, int scrollY) throws DriverException {
            calls.add("scroll " + at);
            return screen.scroll(at, scrollX, scrollY);
        }

        @Override
        public ActionResult drag(List<Point> path) throws DriverException {
            calls.add("drag " + path);
            return screen.drag(path);
        }

        @Override
        public ActionResult pause(Duration duration) throws DriverException {
            calls.add("pause " + duration);
            return screen.pause(duration);
        }
    }
}
