package dev.agentfsm.agents.windows.desktop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.device.ToolSpec;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A desktop whose every call passes through a device wrapper, such as a session journal's
 * ({@code RecordedDesktop.of(desktop, journal::driver)}): each read (the window list, a screenshot, a
 * window's controls) is an observation, each input (focus, click, typing, selecting, keys) an action, so
 * the journal records them with the step that made them and, when the session resumes, replays them
 * instead of reaching the desktop. The agents call the typed methods as on any desktop; nothing else
 * changes. Without it, a resumed Windows agent would observe the desktop as it is after the crash,
 * number its controls anew, and resolve a recorded reply's labels against them.
 *
 * <p>An action reaches the wrapper as one of {@link DesktopDriver#TOOLS}, naming the window and the
 * control by id (what the journal compares on replay); a read as an {@link Observation} whose text says
 * what was read, as JSON ({@code {"read": "controls", "window": "w1", "controls": [...]}}). A replayed
 * read of another kind than the agent asks for is an {@link IllegalStateException} naming both. Calls
 * are made from one thread at a time, as a round makes them.
 */
public final class RecordedDesktop implements DesktopDriver {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The wrapper's time-out argument: the desktop keeps its own time-out for every call. */
    private static final Duration DESKTOPS_OWN = Duration.ZERO;

    /** A read of the desktop, as an observation. */
    @FunctionalInterface
    private interface Read {
        Observation read() throws DriverException;
    }

    /** An input on the desktop. */
    @FunctionalInterface
    private interface Input {
        ActionResult run() throws DriverException;
    }

    private final DesktopDriver desktop;
    private final DeviceDriver calls;
    private Read read = () -> {
        throw new IllegalStateException("no read of the desktop is under way");
    };
    private Input input = () -> {
        throw new IllegalStateException("no input on the desktop is under way");
    };

    private RecordedDesktop(DesktopDriver desktop, UnaryOperator<DeviceDriver> recorder) {
        this.desktop = Objects.requireNonNull(desktop, "desktop");
        this.calls = Objects.requireNonNull(
                Objects.requireNonNull(recorder, "recorder").apply(new Passage()), "the recorder returned null");
    }

    /**
     * {@code desktop} with its calls passed through {@code recorder}: {@code journal::driver} records and
     * replays them with the session's journal.
     */
    public static DesktopDriver of(DesktopDriver desktop, UnaryOperator<DeviceDriver> recorder) {
        return new RecordedDesktop(desktop, recorder);
    }

    @Override
    public String name() {
        return desktop.name();
    }

    @Override
    public List<DesktopWindow> windows() throws DriverException {
        JsonNode seen = observe("windows", Optional.empty(), () -> {
                    ObjectNode json = read("windows", Optional.empty());
                    ArrayNode list = json.putArray("windows");
                    for (DesktopWindow window : desktop.windows()) {
                        ObjectNode w = list.addObject()
                                .put("id", window.id())
                                .put("title", window.title())
                                .put("appRoot", window.appRoot())
                                .put("processName", window.processName());
                        rect(w, window.bounds());
                    }
                    return Observation.text(json.toString());
                })
                .text();
        List<DesktopWindow> windows = new ArrayList<>();
        for (JsonNode w : seen.path("windows")) {
            windows.add(new DesktopWindow(
                    w.path("id").asText(),
                    w.path("title").asText(),
                    w.path("appRoot").asText(),
                    w.path("processName").asText(),
                    rect(w.path("bounds"))));
        }
        return windows;
    }

    @Override
    public byte[] screenshot() throws DriverException {
        return screenshot(Optional.empty(), desktop::screenshot);
    }

    @Override
    public byte[] screenshot(DesktopWindow window) throws DriverException {
        return screenshot(Optional.of(window), () -> desktop.screenshot(window));
    }

    @FunctionalInterface
    private interface Png {
        byte[] take() throws DriverException;
    }

    private byte[] screenshot(Optional<DesktopWindow> window, Png png) throws DriverException {
        Seen seen = observe(
                "screenshot",
                window,
                () -> new Observation(
                        Optional.of(png.take()),
                        Optional.empty(),
                        Optional.of(read("screenshot", window).toString())));
        return seen.observation
                .screenshotPng()
                .orElseThrow(() -> new IllegalStateException("the recorded screenshot of "
                        + window.map(DesktopWindow::title).orElse("the desktop") + " holds no image"));
    }

    @Override
    public List<DesktopControl> controls(DesktopWindow window) throws DriverException {
        JsonNode seen = observe("controls", Optional.of(window), () -> {
                    ObjectNode json = read("controls", Optional.of(window));
                    ArrayNode list = json.putArray("controls");
                    for (DesktopControl control : desktop.controls(window)) {
                        ObjectNode c = list.addObject()
                                .put("id", control.id())
                                .put("name", control.name())
                                .put("type", control.type());
                        rect(c, control.rect());
                    }
                    return Observation.text(json.toString());
                })
                .text();
        List<DesktopControl> controls = new ArrayList<>();
        for (JsonNode c : seen.path("controls")) {
            controls.add(new DesktopControl(
                    c.path("id").asText(),
                    c.path("name").asText(),
                    c.path("type").asText(),
                    rect(c.path("bounds"))));
        }
        return controls;
    }

    @Override
    public ActionResult focus(DesktopWindow window) throws DriverException {
        return act(new Action("focus", Map.of("window", window.id())), () -> desktop.focus(window));
    }

    @Override
    public ActionResult click(DesktopWindow window, DesktopControl control) throws DriverException {
        return act(
                new Action("click_input", Map.of("window", window.id(), "control", control.id())),
                () -> desktop.click(window, control));
    }

    @Override
    public ActionResult typeText(DesktopWindow window, DesktopControl control, String text) throws DriverException {
        return act(
                new Action("set_edit_text", Map.of("window", window.id(), "control", control.id(), "text", text)),
                () -> desktop.typeText(window, control, text));
    }

    @Override
    public ActionResult select(DesktopWindow window, DesktopControl control, String value) throws DriverException {
        return act(
                new Action("select_item", Map.of("window", window.id(), "control", control.id(), "value", value)),
                () -> desktop.select(window, control, value));
    }

    @Override
    public ActionResult keys(DesktopWindow window, String keys) throws DriverException {
        return act(
                new Action("keyboard_input", Map.of("window", window.id(), "keys", keys)),
                () -> desktop.keys(window, keys));
    }

    @Override
    public List<ToolSpec> tools() {
        return desktop.tools();
    }

    @Override
    public void close() {
        calls.close();
    }

    @Override
    public String toString() {
        return "recorded " + desktop.name();
    }

    /** What a read returned: the observation and its text as JSON. */
    private record Seen(Observation observation, JsonNode text) {}

    private Seen observe(String kind, Optional<DesktopWindow> window, Read live) throws DriverException {
        read = live;
        Observation observation;
        try {
            observation = calls.observe(DESKTOPS_OWN);
        } finally {
            read = () -> {
                throw new IllegalStateException("no read of the desktop is under way");
            };
        }
        JsonNode text;
        try {
            text = JSON.readTree(observation.text().orElse(""));
        } catch (IOException e) {
            text = JSON.missingNode();
        }
        JsonNode asked = read(kind, window);
        if (text == null
                || !text.path("read").equals(asked.path("read"))
                || !text.path("window").equals(asked.path("window"))) {
            throw new IllegalStateException("the agent reads " + asked + " of " + desktop.name()
                    + ", but the observation it was given (a replayed one, if the session resumed) is "
                    + observation
                            .text()
                            .map(t -> t.length() > 200 ? t.substring(0, 200) + "..." : t)
                            .orElse("empty")
                    + "; the replay diverged from the journal: resume with the code that wrote it, or start anew");
        }
        return new Seen(observation, text);
    }

    private ActionResult act(Action action, Input live) throws DriverException {
        input = live;
        try {
            return calls.execute(action, DESKTOPS_OWN);
        } finally {
            input = () -> {
                throw new IllegalStateException("no input on the desktop is under way");
            };
        }
    }

    private static ObjectNode read(String kind, Optional<DesktopWindow> window) {
        ObjectNode json = JSON.createObjectNode().put("read", kind);
        window.ifPresent(w -> json.put("window", w.id()));
        return json;
    }

    private static void rect(ObjectNode json, Rect rect) {
        json.putObject("bounds")
                .put("left", rect.left())
                .put("top", rect.top())
                .put("right", rect.right())
                .put("bottom", rect.bottom());
    }

    private static Rect rect(JsonNode json) {
        return new Rect(
                json.path("left").asInt(),
                json.path("top").asInt(),
                json.path("right").asInt(),
                json.path("bottom").asInt());
    }

    /** The device the wrapper wraps: it makes the read or the input under way on the real desktop. */
    private final class Passage implements DeviceDriver {
        @Override
        public String name() {
            return desktop.name();
        }

        @Override
        public Observation observe(Duration timeout) throws DriverException {
            return read.read();
        }

        @Override
        public List<ToolSpec> tools() {
            return desktop.tools();
        }

        @Override
        public ActionResult execute(Action action, Duration timeout) throws DriverException {
            return input.run();
        }

        @Override
        public void close() {
            desktop.close();
        }
    }
}
