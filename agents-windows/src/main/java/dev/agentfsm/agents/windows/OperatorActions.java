package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.screen.ComputerAction;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.Screen;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the Operator's computer-use actions on its {@link Screen}. An unreadable action, a point outside
 * the screenshot the Operator last saw, or keys it cannot name are refused here, for every screen, with a
 * failed {@link ActionResult} saying why, which the model reads; nothing is done then. What the screen
 * itself cannot do (a right click on a desktop that clicks controls) it refuses the same way.
 */
final class OperatorActions {
    /** How long {@code wait} pauses. */
    static final Duration WAIT = Duration.ofSeconds(1);

    private static final Map<String, String> MODIFIERS = Map.of("CTRL", "^", "CONTROL", "^", "SHIFT", "+", "ALT", "%");
    private static final Map<String, String> NAMED_KEYS = Map.ofEntries(
            Map.entry("ENTER", "{ENTER}"),
            Map.entry("RETURN", "{ENTER}"),
            Map.entry("TAB", "{TAB}"),
            Map.entry("ESC", "{ESC}"),
            Map.entry("ESCAPE", "{ESC}"),
            Map.entry("BACKSPACE", "{BACKSPACE}"),
            Map.entry("DELETE", "{DELETE}"),
            Map.entry("DEL", "{DELETE}"),
            Map.entry("SPACE", " "),
            Map.entry("UP", "{UP}"),
            Map.entry("DOWN", "{DOWN}"),
            Map.entry("LEFT", "{LEFT}"),
            Map.entry("RIGHT", "{RIGHT}"),
            Map.entry("ARROWUP", "{UP}"),
            Map.entry("ARROWDOWN", "{DOWN}"),
            Map.entry("ARROWLEFT", "{LEFT}"),
            Map.entry("ARROWRIGHT", "{RIGHT}"),
            Map.entry("HOME", "{HOME}"),
            Map.entry("END", "{END}"),
            Map.entry("PAGEUP", "{PGUP}"),
            Map.entry("PAGEDOWN", "{PGDN}"));

    /** The characters the desktop's notation gives a meaning of their own; a key that is one is written in braces. */
    private static final String NOTATION_SIGNS = "^%+~({)";

    private OperatorActions() {}

    /**
     * Runs {@code action} on the Operator's screen, at the coordinates of its last look.
     *
     * @throws IllegalStateException if the Operator has not looked at the screen yet
     */
    static ActionResult run(OperatorAgent operator, ComputerAction action) throws DriverException {
        ScreenView view = operator.view()
                .orElseThrow(() -> new IllegalStateException(operator.name()
                        + " has not looked at the screen yet; an action runs after the step's observation"));
        if (action instanceof ComputerAction.Unreadable unreadable) {
            return ActionResult.failed(unreadable.reason() + "; nothing was done");
        }
        for (Point point : action.points()) {
            if (!view.contains(point)) {
                return ActionResult.failed(action.describe() + " is outside the screen, which is " + view.width() + "x"
                        + view.height() + " pixels (x from 0 to " + (view.width() - 1) + ", y from 0 to "
                        + (view.height() - 1) + "); nothing was done");
            }
        }
        Screen screen = operator.screen();
        if (action instanceof ComputerAction.Click click) {
            return screen.click(click.at(), click.button());
        }
        if (action instanceof ComputerAction.DoubleClick doubleClick) {
            return screen.doubleClick(doubleClick.at());
        }
        if (action instanceof ComputerAction.TypeText type) {
            return screen.type(type.text());
        }
        if (action instanceof ComputerAction.Keypress keypress) {
            Optional<String> keys = notation(keypress.keys());
            if (keys.isEmpty()) {
                return ActionResult.failed(action.describe() + ": a key is unknown or only modifiers were given; name"
                        + " keys like [\"CTRL\", \"C\"], [\"ENTER\"], [\"TAB\"], [\"F5\"]; no key was pressed");
            }
            return screen.keys(keys.get());
        }
        if (action instanceof ComputerAction.Scroll scroll) {
            return screen.scroll(scroll.at(), scroll.scrollX(), scroll.scrollY());
        }
        if (action instanceof ComputerAction.Drag drag) {
            return screen.drag(drag.path());
        }
        return screen.pause(WAIT);
    }

    /**
     * The keys in the desktop's notation ({@code ^c} for CTRL+C, {@code {ENTER}}): modifiers first, then the
     * keys; empty for an unknown key or modifiers alone.
     */
    static Optional<String> notation(List<String> keys) {
        StringBuilder modifiers = new StringBuilder();
        StringBuilder pressed = new StringBuilder();
        for (String key : keys) {
            String name = key.strip().toUpperCase(Locale.ROOT);
            if (MODIFIERS.containsKey(name)) {
                modifiers.append(MODIFIERS.get(name));
            } else if (NAMED_KEYS.containsKey(name)) {
                pressed.append(NAMED_KEYS.get(name));
            } else if (name.matches("F([1-9]|1[0-2])")) {
                pressed.append('{').append(name).append('}');
            } else if (key.strip().length() == 1
                    && NOTATION_SIGNS.indexOf(key.strip().charAt(0)) >= 0) {
                // the notation reads ^ % + as a modifier of the next key (and ~ ( { as Enter, a group, a name):
                // in braces the sign is the key itself, so the model's ["%", "F4"] is not Alt+F4
                pressed.append('{').append(key.strip()).append('}');
            } else if (key.strip().length() == 1) {
                pressed.append(key.strip().toLowerCase(Locale.ROOT));
            } else {
                return Optional.empty();
            }
        }
        return pressed.length() == 0 ? Optional.empty() : Optional.of(modifiers.toString() + pressed);
    }

    /**
     * The action for the user who confirms it and for the model's next prompt: what it is and what lay
     * at its coordinates when the Operator last looked at the screen.
     */
    static String describe(OperatorAgent operator, ComputerAction action) {
        String what = action.describe();
        if (action.points().isEmpty()) {
            return what;
        }
        return what
                + operator.screen()
                        .at(action.points().get(0))
                        .map(at -> " on " + at)
                        .orElse("");
    }
}
