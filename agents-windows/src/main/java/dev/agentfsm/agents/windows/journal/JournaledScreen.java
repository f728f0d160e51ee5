package dev.agentfsm.agents.windows.journal;

import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.Screen;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.journal.DeviceCall;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A screen whose calls go through a journal. {@link #focused} is passed on and not recorded: it tells
 * the screen where the host put the focus and reaches no device.
 */
final class JournaledScreen implements Screen {
    private final Journal journal;
    private final Screen screen;
    /**
     * Whether the screen itself took the last look; false after a replayed look, which the screen never
     * saw, so that its actions would resolve on a look it did not take.
     */
    private boolean sawLastLook = true;

    JournaledScreen(Journal journal, Screen screen) {
        this.journal = journal;
        this.screen = screen;
    }

    @Override
    public String name() {
        return screen.name();
    }

    @Override
    public ScreenView look() throws DriverException {
        sawLastLook = false;
        return journal.call("screen.look", Map.of(), DeviceCodecs.VIEW, () -> {
            ScreenView view = screen.look();
            sawLastLook = true;
            return view;
        });
    }

    @Override
    public Optional<String> at(Point point) {
        try {
            return journal.call("screen.at", Map.of("point", point), DeviceCodecs.OPTIONAL_TEXT, () -> {
                lookAgainIfReplayed();
                return screen.at(point);
            });
        } catch (DriverException e) {
            throw new IllegalStateException(
                    screen.name() + " could not look at the screen again after the session resumed, to say what"
                            + " lies at " + point + ": " + e.getMessage(),
                    e);
        }
    }

    @Override
    public void focused(DesktopWindow window) {
        screen.focused(window);
    }

    @Override
    public ActionResult click(Point at, String button) throws DriverException {
        return act("screen.click", Map.of("at", at, "button", button), () -> screen.click(at, button));
    }

    @Override
    public ActionResult doubleClick(Point at) throws DriverException {
        return act("screen.doubleClick", Map.of("at", at), () -> screen.doubleClick(at));
    }

    @Override
    public ActionResult type(String text) throws DriverException {
        return act("screen.type", Map.of("text", text), () -> screen.type(text));
    }

    @Override
    public ActionResult keys(String keys) throws DriverException {
        return act("screen.keys", Map.of("keys", keys), () -> screen.keys(keys));
    }

    @Override
    public ActionResult scroll(Point at, int scrollX, int scrollY) throws DriverException {
        return act(
                "screen.scroll",
                Map.of("at", at, "scrollX", scrollX, "scrollY", scrollY),
                () -> screen.scroll(at, scrollX, scrollY));
    }

    @Override
    public ActionResult drag(List<Point> path) throws DriverException {
        return act("screen.drag", Map.of("path", path), () -> screen.drag(path));
    }

    @Override
    public ActionResult pause(Duration duration) throws DriverException {
        return journal.call(
                "screen.pause", Map.of("duration", duration), DeviceCodecs.RESULT, () -> screen.pause(duration));
    }

    /** An action, recorded or replayed; a live one after replayed looks has the screen look first. */
    private ActionResult act(String kind, Map<String, Object> request, DeviceCall<ActionResult> action)
            throws DriverException {
        return journal.call(kind, request, DeviceCodecs.RESULT, () -> {
            lookAgainIfReplayed();
            return action.run();
        });
    }

    private void lookAgainIfReplayed() throws DriverException {
        if (!sawLastLook) {
            screen.look();
            sawLastLook = true;
        }
    }

    @Override
    public String toString() {
        return "journaled " + screen.name();
    }
}
