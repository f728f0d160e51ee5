package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.ComputerAction.Point;
import dev.agentfsm.agents.windows.OperatorSteps.ScreenView;
import dev.agentfsm.agents.windows.OperatorSteps.Target;
import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the Operator's computer-use actions on a {@link DesktopDriver}, which acts on controls: each
 * point resolves to the front-most window there and its smallest control there (as the Operator saw
 * them in its step). A point outside the screen, a point on no control, or an action the desktop
 * cannot do is a failed {@link ActionResult} saying why, which the model reads; nothing is done then.
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

    private OperatorActions() {}

    /** Runs {@code action} as the Operator's last observation resolves it. */
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
        DesktopDriver desktop = operator.desktop();
        if (action instanceof ComputerAction.Click click) {
            if (!click.button().equals("left")) {
                return ActionResult.failed(action.describe() + ": only left clicks are possible here (the desktop"
                        + " driver clicks controls); nothing was clicked");
            }
            return click(operator, view, click.at());
        }
        if (action instanceof ComputerAction.DoubleClick doubleClick) {
            ActionResult first = click(operator, view, doubleClick.at());
            return first.success() ? click(operator, view, doubleClick.at()) : first;
        }
        if (action instanceof ComputerAction.TypeText type) {
            Optional<Target> focus = operator.focus();
            if (focus.isEmpty() || focus.get().control().isEmpty()) {
                return ActionResult.failed(
                        "nothing has the focus: click the field or cell to type into first;" + " nothing was typed");
            }
            return desktop.typeText(focus.get().window(), focus.get().control().get(), type.text());
        }
        if (action instanceof ComputerAction.Keypress keypress) {
            Optional<DesktopWindow> window =
                    operator.focus().map(Target::window).or(operator::window);
            if (window.isEmpty()) {
                return ActionResult.failed("no window has the focus: click into a window first; no key was pressed");
            }
            Optional<String> keys = notation(keypress.keys());
            if (keys.isEmpty()) {
                return ActionResult.failed(action.describe() + ": a key is unknown or only modifiers were given; name"
                        + " keys like [\"CTRL\", \"C\"], [\"ENTER\"], [\"TAB\"], [\"F5\"]; no key was pressed");
            }
            return desktop.keys(window.get(), keys.get());
        }
        if (action instanceof ComputerAction.Scroll scroll) {
            return ActionResult.failed(action.describe() + ": " + desktop.name() + " cannot scroll (the desktop"
                    + " driver has no scrolling), and "
                    + view.at(scroll.at())
                            .map(t -> "'" + t.window().title() + "'")
                            .orElse("the desktop") + " shows all it holds; nothing moved");
        }
        if (action instanceof ComputerAction.Drag drag) {
            return drag(operator, view, drag);
        }
        return pause();
    }

    private static ActionResult click(OperatorAgent operator, ScreenView view, Point at) throws DriverException {
        Optional<Target> target = view.at(at);
        if (target.isEmpty()) {
            return ActionResult.failed(
                    "there is no window at " + at + ", only the desktop background; nothing was clicked");
        }
        if (target.get().control().isEmpty()) {
            return ActionResult.failed("there is no control at " + at + " in '"
                    + target.get().window().title() + "'; click on a button, a field or a cell; nothing was clicked");
        }
        ActionResult result = operator.desktop()
                .click(target.get().window(), target.get().control().get());
        if (result.success()) {
            operator.focused(target.get());
        }
        return result;
    }

    /** A drag selects the range between two controls of one window (two cells of a sheet) in the control holding both. */
    private static ActionResult drag(OperatorAgent operator, ScreenView view, ComputerAction.Drag drag)
            throws DriverException {
        Point from = drag.path().get(0);
        Point to = drag.path().get(drag.path().size() - 1);
        Optional<Target> start = view.at(from);
        Optional<Target> end = view.at(to);
        String refused = drag.describe() + " selects nothing: a drag selects the range between two controls of one"
                + " window, such as two cells of a sheet";
        if (start.isEmpty()
                || end.isEmpty()
                || start.get().control().isEmpty()
                || end.get().control().isEmpty()
                || !start.get().window().id().equals(end.get().window().id())) {
            return ActionResult.failed(refused + "; nothing was dragged");
        }
        DesktopControl first = start.get().control().get();
        DesktopControl last = end.get().control().get();
        List<DesktopControl> holders = new ArrayList<>(view.controls(start.get().window()));
        holders.removeIf(c -> c.id().equals(first.id())
                || c.id().equals(last.id())
                || !c.rect().contains(from.x(), from.y())
                || !c.rect().contains(to.x(), to.y()));
        Optional<DesktopControl> holder = holders.stream()
                .min(Comparator.comparingLong(
                        c -> (long) c.rect().width() * c.rect().height()));
        if (holder.isEmpty()) {
            return ActionResult.failed(refused + "; '" + first.name() + "' and '" + last.name() + "' are in no control"
                    + " together; nothing was dragged");
        }
        ActionResult result =
                operator.desktop().select(start.get().window(), holder.get(), first.name() + ":" + last.name());
        if (result.success()) {
            operator.focused(new Target(start.get().window(), holder));
        }
        return result;
    }

    private static ActionResult pause() throws DriverException {
        try {
            Thread.sleep(WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting", e);
        }
        return ActionResult.ok("waited " + WAIT.toSeconds() + " s");
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
            } else if (key.strip().length() == 1) {
                pressed.append(key.strip().toLowerCase(Locale.ROOT));
            } else {
                return Optional.empty();
            }
        }
        return pressed.length() == 0 ? Optional.empty() : Optional.of(modifiers.toString() + pressed);
    }

    /**
     * The action for the user who confirms it and for the model's next prompt: what it is and what lies
     * at its coordinates, as the Operator last saw the screen.
     */
    static String describe(OperatorAgent operator, ComputerAction action) {
        String what = action.describe();
        if (action.points().isEmpty() || operator.view().isEmpty()) {
            return what;
        }
        Optional<Target> target = operator.view().get().at(action.points().get(0));
        return what
                + target.map(t -> t.control()
                                        .map(c -> " on " + c.type() + " '" + c.name() + "'")
                                        .orElse("") + " in '" + t.window().title() + "'")
                        .orElse("");
    }
}
