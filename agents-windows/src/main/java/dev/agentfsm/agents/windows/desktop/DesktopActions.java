package dev.agentfsm.agents.windows.desktop;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import java.util.Optional;

/** Runs a device {@link Action} on a {@link DesktopDriver}'s typed methods, once its window is found. */
final class DesktopActions {
    private DesktopActions() {}

    static ActionResult run(DesktopDriver desktop, DesktopWindow window, Action action) throws DriverException {
        if (action.function().equals("focus")) {
            return desktop.focus(window);
        }
        if (action.function().equals("keyboard_input")) {
            Optional<String> keys = text(action, "keys");
            return keys.isPresent() ? desktop.keys(window, keys.get()) : missing(action, "keys");
        }
        if (!DesktopDriver.TOOLS.stream().anyMatch(t -> t.name().equals(action.function()))) {
            return ActionResult.failed("unknown function '" + action.function() + "'; a desktop offers "
                    + DesktopDriver.TOOLS.stream().map(ToolSpec::name).toList());
        }
        Optional<String> controlId = text(action, "control");
        if (controlId.isEmpty()) {
            return missing(action, "control");
        }
        Optional<DesktopControl> control = desktop.controls(window).stream()
                .filter(c -> c.id().equals(controlId.get()))
                .findFirst();
        if (control.isEmpty()) {
            return ActionResult.failed("no control '" + controlId.get() + "' in window '" + window.id()
                    + "'; its controls are "
                    + desktop.controls(window).stream().map(DesktopControl::id).toList());
        }
        return switch (action.function()) {
            case "click_input" -> desktop.click(window, control.get());
            case "set_edit_text" -> {
                Optional<String> text = text(action, "text");
                yield text.isPresent() ? desktop.typeText(window, control.get(), text.get()) : missing(action, "text");
            }
            default -> {
                Optional<String> value = text(action, "value");
                yield value.isPresent() ? desktop.select(window, control.get(), value.get()) : missing(action, "value");
            }
        };
    }

    static Optional<String> text(Action action, String name) {
        return Optional.ofNullable(action.arguments().get(name)).map(String::valueOf);
    }

    static ActionResult missing(Action action, String name) {
        return ActionResult.failed(action.function() + " needs the argument '" + name + "'; got " + action.arguments());
    }
}
