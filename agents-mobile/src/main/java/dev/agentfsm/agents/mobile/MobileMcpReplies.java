package dev.agentfsm.agents.mobile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code @mobilenext/mobile-mcp} (1.0.4, its adb robot) answers, strictly: a reply of
 * another shape is a {@link DriverException} naming the tool, what was wrong and the reply's start,
 * never a default. The shapes are those of mobile-mcp's own source ({@code lib/server.js},
 * {@code lib/format-elements.js}, {@code lib/coordinate-mapping.js}).
 */
final class MobileMcpReplies {
    static final String LIST_DEVICES = "mobile_list_available_devices";
    static final String LIST_ELEMENTS = "mobile_list_elements_on_screen";
    static final String LIST_APPS = "mobile_list_apps";
    static final String SCREENSHOT = "mobile_take_screenshot";
    static final String CLICK = "mobile_click_on_screen_at_coordinates";
    static final String SWIPE = "mobile_swipe_on_screen";
    static final String TYPE = "mobile_type_keys";
    static final String PRESS = "mobile_press_button";
    static final String LAUNCH = "mobile_launch_app";
    /** Every tool the driver calls; a server without one of them cannot be driven. */
    static final List<String> TOOLS =
            List.of(LIST_DEVICES, LIST_ELEMENTS, LIST_APPS, SCREENSHOT, CLICK, SWIPE, TYPE, PRESS, LAUNCH);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ELEMENTS_PREFIX = "Found these elements on screen: ";
    private static final String APPS_PREFIX = "Found these apps on device: ";
    private static final Pattern APP_SEPARATOR = Pattern.compile(", ");
    private static final Pattern APP = Pattern.compile("(.+) \\(([A-Za-z0-9._-]+)\\)");
    private static final Pattern SAME_SIZE =
            Pattern.compile("Screenshot is (\\d{1,5})x(\\d{1,5}) and its coordinates match the screen\\.");
    private static final Pattern SCALED =
            Pattern.compile("Screenshot is (\\d{1,5})x(\\d{1,5})\\. Screen coordinates are (\\d{1,5})x(\\d{1,5})\\..*");
    private static final int QUOTED_CHARS = 200;

    /**
     * A device of {@code mobile_list_available_devices}.
     *
     * @param id the serial, e.g. {@code emulator-5554}
     * @param name what mobile-mcp calls it, e.g. {@code Pixel 4 API 30}
     * @param platform {@code android} or {@code ios}
     * @param state {@code online} for a device that can be used
     */
    record Device(String id, String name, String platform, String state) {}

    private MobileMcpReplies() {}

    /** {@code {"devices":[{"id":..., "name":..., "platform":..., "state":...}, ...]}}. */
    static List<Device> devices(String source, String reply) throws DriverException {
        JsonNode root = json(source, LIST_DEVICES, reply, reply);
        JsonNode devices = root.path("devices");
        if (!devices.isArray()) {
            throw unreadable(source, LIST_DEVICES, "no \"devices\" array", reply);
        }
        List<Device> found = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) {
            JsonNode device = devices.get(i);
            String where = "device " + (i + 1);
            found.add(new Device(
                    required(source, LIST_DEVICES, device, "id", where, reply),
                    text(source, LIST_DEVICES, device, "name", where, reply).orElse(""),
                    required(source, LIST_DEVICES, device, "platform", where, reply),
                    required(source, LIST_DEVICES, device, "state", where, reply)));
        }
        return found;
    }

    /**
     * {@code Found these elements on screen: [{"type":..., "text":..., "label":..., "identifier":...,
     * "coordinates":{"x":...,"y":...,"width":...,"height":...}}, ...]} (the {@code json} format) as
     * controls numbered 1, 2, 3 ... in mobile-mcp's order. A control's name is its text, else its
     * label (content description or hint), else its class; its type is the class's simple name.
     * mobile-mcp's adb robot reports no check state, so a control is checkable only when it says
     * {@code "checked": true}.
     */
    static List<Control> elements(String source, String reply) throws DriverException {
        if (!reply.startsWith(ELEMENTS_PREFIX)) {
            throw unreadable(
                    source, LIST_ELEMENTS, "it does not start with \"" + ELEMENTS_PREFIX.strip() + "\"", reply);
        }
        JsonNode elements = json(source, LIST_ELEMENTS, reply.substring(ELEMENTS_PREFIX.length()), reply);
        if (!elements.isArray()) {
            throw unreadable(source, LIST_ELEMENTS, "the elements are not a JSON array", reply);
        }
        List<Control> controls = new ArrayList<>();
        for (int i = 0; i < elements.size(); i++) {
            JsonNode element = elements.get(i);
            String where = "element " + (i + 1);
            String className = text(source, LIST_ELEMENTS, element, "type", where, reply)
                    .filter(t -> !t.isBlank())
                    .orElseThrow(() -> unreadable(source, LIST_ELEMENTS, where + " has no \"type\"", reply));
            String text =
                    text(source, LIST_ELEMENTS, element, "text", where, reply).orElse("");
            String label =
                    text(source, LIST_ELEMENTS, element, "label", where, reply).orElse("");
            String identifier = text(source, LIST_ELEMENTS, element, "identifier", where, reply)
                    .orElse("");
            JsonNode coordinates = element.path("coordinates");
            if (!coordinates.isObject()) {
                throw unreadable(source, LIST_ELEMENTS, where + " has no \"coordinates\" object", reply);
            }
            Rect rect;
            try {
                rect = Rect.of(
                        pixels(source, coordinates, "x", where, reply),
                        pixels(source, coordinates, "y", where, reply),
                        pixels(source, coordinates, "width", where, reply),
                        pixels(source, coordinates, "height", where, reply));
            } catch (IllegalArgumentException e) {
                throw unreadable(source, LIST_ELEMENTS, where + ": " + e.getMessage(), reply);
            }
            JsonNode checkedNode = element.path("checked");
            if (!checkedNode.isMissingNode() && !checkedNode.isBoolean()) {
                throw unreadable(source, LIST_ELEMENTS, where + "'s \"checked\" is not true or false", reply);
            }
            boolean checked = checkedNode.asBoolean(false);
            String name = !text.isEmpty() ? text : !label.isEmpty() ? label : className;
            String type = className.substring(className.lastIndexOf('.') + 1);
            controls.add(new Control(i + 1, name, type, rect, identifier, checked, checked));
        }
        return List.copyOf(controls);
    }

    /** {@code Found these apps on device: name (package), name (package), ...} as the packages, sorted. */
    static List<String> apps(String source, String reply) throws DriverException {
        if (!reply.startsWith(APPS_PREFIX)) {
            throw unreadable(source, LIST_APPS, "it does not start with \"" + APPS_PREFIX.strip() + "\"", reply);
        }
        String list = reply.substring(APPS_PREFIX.length()).strip();
        if (list.isEmpty()) {
            return List.of();
        }
        List<String> packages = new ArrayList<>();
        for (String item : APP_SEPARATOR.split(list, -1)) {
            Matcher app = APP.matcher(item);
            if (!app.matches()) {
                throw unreadable(
                        source, LIST_APPS, "\"" + SafeText.line(item, 80) + "\" is not \"name (package)\"", reply);
            }
            packages.add(app.group(2));
        }
        return packages.stream().distinct().sorted().toList();
    }

    /**
     * The PNG of {@code mobile_take_screenshot}: its text must say that the screenshot's coordinates
     * match the screen's (the controls are framed on it in screen coordinates), and it must hold one
     * PNG of that size. A scaled screenshot (mobile-mcp's default robot scales to 1024 pixels) is refused.
     */
    static byte[] screenshot(String source, String text, List<Image> images) throws DriverException {
        String first = text.lines().findFirst().orElse("").strip();
        Matcher scaled = SCALED.matcher(first);
        if (scaled.matches()) {
            throw new DriverException(source + ": " + SCREENSHOT + " sent a screenshot of " + scaled.group(1) + "x"
                    + scaled.group(2) + " for a screen of " + scaled.group(3) + "x" + scaled.group(4)
                    + "; the MobileAgent frames controls in screen coordinates and needs a full-size screenshot: run"
                    + " mobile-mcp with MOBILEMCP_LEGACY_ROBOT=1 (its adb robot)");
        }
        Matcher same = SAME_SIZE.matcher(first);
        if (!same.matches()) {
            throw unreadable(
                    source, SCREENSHOT, "no \"Screenshot is WxH and its coordinates match the screen.\"", text);
        }
        if (images.size() != 1) {
            throw unreadable(source, SCREENSHOT, images.size() + " images instead of 1", text);
        }
        Image image = images.get(0);
        byte[] png = image.data();
        Optional<Png.Size> size = Png.size(png);
        if (!"image/png".equals(image.mimeType()) || size.isEmpty()) {
            throw unreadable(source, SCREENSHOT, "its image is not a PNG (" + image.mimeType() + ")", text);
        }
        Png.Size given = new Png.Size(Integer.parseInt(same.group(1)), Integer.parseInt(same.group(2)));
        if (!size.get().equals(given)) {
            throw unreadable(
                    source,
                    SCREENSHOT,
                    "its PNG is " + size.get().width() + "x" + size.get().height() + ", not the size the text gives",
                    text);
        }
        return png;
    }

    /** Checks that {@code reply} is exactly what {@code tool} says when it did its work. */
    static void expect(String source, String tool, String reply, String expected) throws DriverException {
        if (!reply.equals(expected)) {
            throw unreadable(source, tool, "expected \"" + SafeText.line(expected, 120) + "\"", reply);
        }
    }

    /** A reply of the wrong shape: the tool, what was wrong, and the reply's start on one line. */
    static DriverException unreadable(String source, String tool, String problem, String reply) {
        return new DriverException(source + ": " + tool + " answered what this driver cannot read (" + problem
                + "); it said: \"" + SafeText.line(reply, QUOTED_CHARS) + "\"");
    }

    private static JsonNode json(String source, String tool, String json, String reply) throws DriverException {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw unreadable(
                    source,
                    tool,
                    "not JSON: " + SafeText.line(String.valueOf(e.getOriginalMessage()), 100)
                            + (e.getLocation() == null
                                    ? ""
                                    : " at column " + e.getLocation().getColumnNr()),
                    reply);
        }
    }

    private static Optional<String> text(
            String source, String tool, JsonNode object, String field, String where, String reply)
            throws DriverException {
        JsonNode value = object.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw unreadable(source, tool, where + "'s \"" + field + "\" is not a string", reply);
        }
        return Optional.of(value.textValue());
    }

    private static String required(
            String source, String tool, JsonNode object, String field, String where, String reply)
            throws DriverException {
        return text(source, tool, object, field, where, reply)
                .orElseThrow(() -> unreadable(source, tool, where + " has no \"" + field + "\"", reply));
    }

    private static int pixels(String source, JsonNode coordinates, String field, String where, String reply)
            throws DriverException {
        JsonNode value = coordinates.path(field);
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 0) {
            throw unreadable(
                    source,
                    LIST_ELEMENTS,
                    where + "'s \"" + field + "\" is not a whole number of pixels (" + value + ")",
                    reply);
        }
        return value.intValue();
    }
}
