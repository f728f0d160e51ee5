package dev.agentfsm.agents.windows.screen;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One action of a computer-use model, as the {@code OperatorAgent} reads it from a reply: the shape of
 * OpenAI's computer-use actions (the {@code action} of the Responses API's {@code computer_call}),
 * which the Operator's chat-completions JSON schema asks any model for. Coordinates are screen pixels
 * from the top-left corner; the reader checks the shape, the Operator checks that the points are on
 * the screen when the action runs. {@code ComputerActionReader} reads one from a chat reply,
 * {@code ComputerCallReader} from a Responses API {@code computer_call}.
 *
 * <pre>{@code
 * {"type": "click", "x": 680, "y": 142, "button": "left"}
 * {"type": "double_click", "x": 680, "y": 142}
 * {"type": "type", "text": "Q1"}
 * {"type": "keypress", "keys": ["CTRL", "C"]}
 * {"type": "scroll", "x": 640, "y": 360, "scroll_x": 0, "scroll_y": 300}
 * {"type": "drag", "path": [{"x": 680, "y": 142}, {"x": 800, "y": 166}]}
 * {"type": "wait"}
 * }</pre>
 */
public sealed interface ComputerAction {

    /** The action types the Operator offers, as the reply names them. */
    List<String> TYPES = List.of("click", "double_click", "type", "keypress", "scroll", "drag", "wait");

    /** The mouse buttons a click may name. */
    Set<String> BUTTONS = Set.of("left", "right", "middle", "back", "forward");

    /** The action for people and for the model's next prompt: {@code click at (680, 142)}. */
    String describe();

    /** The screen points the action touches, to check against the screen; none for keys and text. */
    default List<Point> points() {
        return List.of();
    }

    /**
     * A point on the screen.
     *
     * @param x pixels from the left edge
     * @param y pixels from the top edge
     */
    record Point(int x, int y) {
        @Override
        public String toString() {
            return "(" + x + ", " + y + ")";
        }
    }

    /** A click with {@code button} ({@code left} unless the reply names another) at {@code at}. */
    record Click(Point at, String button) implements ComputerAction {
        public Click {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(button, "button");
        }

        @Override
        public String describe() {
            return (button.equals("left") ? "click" : button + "-click") + " at " + at;
        }

        @Override
        public List<Point> points() {
            return List.of(at);
        }
    }

    /** A double click at {@code at}. */
    record DoubleClick(Point at) implements ComputerAction {
        public DoubleClick {
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String describe() {
            return "double-click at " + at;
        }

        @Override
        public List<Point> points() {
            return List.of(at);
        }
    }

    /** Typing {@code text} where the last click put the focus. */
    record TypeText(String text) implements ComputerAction {
        public TypeText {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public String describe() {
            return "type '" + text + "'";
        }
    }

    /** Pressing {@code keys} together, such as {@code ["CTRL", "C"]}. */
    record Keypress(List<String> keys) implements ComputerAction {
        public Keypress {
            keys = List.copyOf(keys);
        }

        @Override
        public String describe() {
            return "press " + String.join("+", keys);
        }
    }

    /** Scrolling by {@code scrollX}, {@code scrollY} pixels with the pointer at {@code at}. */
    record Scroll(Point at, int scrollX, int scrollY) implements ComputerAction {
        public Scroll {
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String describe() {
            return "scroll at " + at + " by (" + scrollX + ", " + scrollY + ")";
        }

        @Override
        public List<Point> points() {
            return List.of(at);
        }
    }

    /** Dragging along {@code path}, from its first point to its last. */
    record Drag(List<Point> path) implements ComputerAction {
        public Drag {
            path = List.copyOf(path);
            if (path.size() < 2) {
                throw new IllegalArgumentException("a drag needs at least two points, got " + path);
            }
        }

        @Override
        public String describe() {
            return "drag from " + path.get(0) + " to " + path.get(path.size() - 1);
        }

        @Override
        public List<Point> points() {
            return path;
        }
    }

    /** Waiting a moment for the screen to settle. */
    record Wait() implements ComputerAction {
        @Override
        public String describe() {
            return "wait";
        }
    }

    /**
     * An action the reply asked for in a shape the Operator cannot read. Run, it does nothing and fails
     * with {@code reason}, which the model reads in its next prompt.
     *
     * @param reason what is wrong and what is expected
     * @param json the action as the reply wrote it
     */
    record Unreadable(String reason, String json) implements ComputerAction {
        public Unreadable {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(json, "json");
        }

        @Override
        public String describe() {
            return "the action " + json;
        }
    }
}
