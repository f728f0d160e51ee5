package dev.agentfsm.agents.windows.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.journal.DeviceCall.Codec;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.Rect;
import java.util.List;
import java.util.Optional;

/** How the desktop's and the screen's results are written in a journal and read back. */
final class DeviceCodecs {
    static final Codec<ActionResult> RESULT = Codec.actionResult();
    static final Codec<byte[]> PNG = Codec.bytes();
    static final Codec<Optional<String>> OPTIONAL_TEXT = Codec.optional(Codec.text());
    static final Codec<List<DesktopWindow>> WINDOWS = Codec.list(Codec.of(DeviceCodecs::window, DeviceCodecs::window));
    static final Codec<List<DesktopControl>> CONTROLS =
            Codec.list(Codec.of(DeviceCodecs::control, DeviceCodecs::control));
    static final Codec<ScreenView> VIEW = Codec.of(DeviceCodecs::view, DeviceCodecs::view);

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DeviceCodecs() {}

    private static JsonNode window(DesktopWindow window) {
        ObjectNode json = NODES.objectNode()
                .put("id", window.id())
                .put("title", window.title())
                .put("appRoot", window.appRoot())
                .put("processName", window.processName());
        json.set("bounds", rect(window.bounds()));
        return json;
    }

    private static DesktopWindow window(JsonNode json) {
        return new DesktopWindow(
                text(json, "id"),
                text(json, "title"),
                text(json, "appRoot"),
                text(json, "processName"),
                rect(json.path("bounds")));
    }

    private static JsonNode control(DesktopControl control) {
        ObjectNode json = NODES.objectNode()
                .put("id", control.id())
                .put("name", control.name())
                .put("type", control.type());
        json.set("rect", rect(control.rect()));
        return json;
    }

    private static DesktopControl control(JsonNode json) {
        return new DesktopControl(text(json, "id"), text(json, "name"), text(json, "type"), rect(json.path("rect")));
    }

    private static JsonNode view(ScreenView view) {
        ObjectNode json = NODES.objectNode().put("width", view.width()).put("height", view.height());
        json.set("png", PNG.write(view.screenshot()));
        return json;
    }

    private static ScreenView view(JsonNode json) {
        return new ScreenView(PNG.read(json.path("png")), number(json, "width"), number(json, "height"));
    }

    private static JsonNode rect(Rect rect) {
        return NODES.objectNode()
                .put("left", rect.left())
                .put("top", rect.top())
                .put("right", rect.right())
                .put("bottom", rect.bottom());
    }

    private static Rect rect(JsonNode json) {
        return new Rect(number(json, "left"), number(json, "top"), number(json, "right"), number(json, "bottom"));
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.path(field);
        if (!value.isTextual()) {
            throw new IllegalArgumentException("'" + field + "' is no text in " + json);
        }
        return value.asText();
    }

    private static int number(JsonNode json, String field) {
        JsonNode value = json.path(field);
        if (!value.canConvertToInt()) {
            throw new IllegalArgumentException("'" + field + "' is no whole number in " + json);
        }
        return value.asInt();
    }
}
