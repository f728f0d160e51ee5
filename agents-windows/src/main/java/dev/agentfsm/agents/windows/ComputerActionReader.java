package dev.agentfsm.agents.windows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.agents.windows.screen.ComputerAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads a {@link ComputerAction} from the {@code action} of an Operator's reply, checking its shape:
 * the type, and the fields that type needs (whole-number coordinates, a known button, a text, key names,
 * a path of two points or more). A wrong shape is not an exception: it is an
 * {@link ComputerAction.Unreadable} whose reason the model reads after the step.
 */
final class ComputerActionReader {
    private ComputerActionReader() {}

    /**
     * Reads the action object of a reply.
     *
     * @param action the reply's {@code action}; missing, null or without a {@code type} for a reply that only reports
     * @return empty when the reply asks for no action; an {@link Unreadable} when it asks for one in a wrong shape
     */
    static Optional<ComputerAction> parse(JsonNode action) {
        if (action == null || action.isMissingNode() || action.isNull()) {
            return Optional.empty();
        }
        if (!action.isObject()) {
            return Optional.of(unreadable(
                    action,
                    "the action must be an object with a type, such as "
                            + "{\"type\": \"click\", \"x\": 100, \"y\": 200}"));
        }
        JsonNode type = action.path("type");
        if (type.isMissingNode()
                || type.isNull()
                || (type.isTextual() && type.asText().isBlank())) {
            return Optional.empty();
        }
        if (!type.isTextual() || !ComputerAction.TYPES.contains(type.asText())) {
            return Optional.of(unreadable(
                    action,
                    "unknown action type " + type + "; the Operator offers "
                            + String.join(", ", ComputerAction.TYPES)));
        }
        try {
            return Optional.of(
                    switch (type.asText()) {
                        case "click" -> new ComputerAction.Click(point(action, "x", "y"), button(action));
                        case "double_click" -> new ComputerAction.DoubleClick(point(action, "x", "y"));
                        case "type" -> new ComputerAction.TypeText(text(action));
                        case "keypress" -> new ComputerAction.Keypress(keys(action));
                        case "scroll" ->
                            new ComputerAction.Scroll(
                                    point(action, "x", "y"),
                                    integer(action, "scroll_x", true),
                                    integer(action, "scroll_y", true));
                        case "drag" -> new ComputerAction.Drag(path(action));
                        default -> new ComputerAction.Wait();
                    });
        } catch (BadShape e) {
            return Optional.of(unreadable(action, type.asText() + " " + e.getMessage()));
        }
    }

    private static ComputerAction.Unreadable unreadable(JsonNode action, String reason) {
        return new ComputerAction.Unreadable(reason, action.toString());
    }

    private static ComputerAction.Point point(JsonNode node, String x, String y) throws BadShape {
        return new ComputerAction.Point(integer(node, x, false), integer(node, y, false));
    }

    private static int integer(JsonNode node, String field, boolean optional) throws BadShape {
        JsonNode value = node.path(field);
        if ((value.isMissingNode() || value.isNull()) && optional) {
            return 0;
        }
        if (!value.isNumber() || !value.canConvertToInt() || value.doubleValue() != Math.rint(value.doubleValue())) {
            throw new BadShape("needs " + field + " as a whole number of pixels, got "
                    + (value.isMissingNode() ? "none" : value.toString()));
        }
        return value.intValue();
    }

    private static String button(JsonNode action) throws BadShape {
        JsonNode button = action.path("button");
        if (button.isMissingNode() || button.isNull()) {
            return "left";
        }
        if (!button.isTextual() || !ComputerAction.BUTTONS.contains(button.asText())) {
            throw new BadShape("needs a button of "
                    + ComputerAction.BUTTONS.stream().sorted().collect(Collectors.joining(", ")) + ", got " + button);
        }
        return button.asText();
    }

    private static String text(JsonNode action) throws BadShape {
        JsonNode text = action.path("text");
        if (!text.isTextual()) {
            throw new BadShape("needs the text to type as a string, got " + (text.isMissingNode() ? "none" : text));
        }
        return text.asText();
    }

    private static List<String> keys(JsonNode action) throws BadShape {
        JsonNode keys = action.path("keys");
        List<String> names = new ArrayList<>();
        if (keys.isArray()) {
            for (JsonNode key : keys) {
                if (!key.isTextual() || key.asText().isBlank()) {
                    throw new BadShape("needs keys as a list of key names, such as [\"CTRL\", \"C\"], got " + keys);
                }
                names.add(key.asText());
            }
        }
        if (names.isEmpty()) {
            throw new BadShape("needs keys as a list of key names, such as [\"CTRL\", \"C\"], got "
                    + (keys.isMissingNode() ? "none" : keys));
        }
        return names;
    }

    private static List<ComputerAction.Point> path(JsonNode action) throws BadShape {
        JsonNode path = action.path("path");
        List<ComputerAction.Point> points = new ArrayList<>();
        if (path.isArray()) {
            for (JsonNode point : path) {
                points.add(point(point, "x", "y"));
            }
        }
        if (points.size() < 2) {
            throw new BadShape("needs a path of at least two points, such as [{\"x\": 10, \"y\": 20}, {\"x\": 90, "
                    + "\"y\": 20}], got " + (path.isMissingNode() ? "none" : path));
        }
        return points;
    }

    /** A field of the action is missing or of the wrong kind; the message says which and what is expected. */
    private static final class BadShape extends Exception {
        private static final long serialVersionUID = 1L;

        BadShape(String message) {
            super(message);
        }
    }
}
