package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import java.util.Optional;

/**
 * Turns an AppAgent's action ({@code click_input}, {@code set_edit_text}, {@code select_item},
 * {@code keyboard_input}) into a call on the desktop driver, resolving the control by the label the
 * annotated screenshot showed. A bad label or a missing argument is a failed result for the LLM.
 */
final class ControlActions {
    private ControlActions() {}

    static ActionResult run(AppAgent agent, Action action) throws DriverException {
        DesktopDriver desktop = agent.desktop();
        return switch (action.function()) {
            case "click_input" -> onControl(agent, action, c -> desktop.click(agent.window(), c));
            case "set_edit_text" ->
                withArgument(
                        action,
                        "text",
                        text -> onControl(agent, action, c -> desktop.typeText(agent.window(), c, text)));
            case "select_item" ->
                withArgument(
                        action,
                        "value",
                        value -> onControl(agent, action, c -> desktop.select(agent.window(), c, value)));
            case "keyboard_input" -> withArgument(action, "keys", keys -> desktop.keys(agent.window(), keys));
            default ->
                ActionResult.failed("unknown function '" + action.function() + "'; the AppAgent offers "
                        + AppAgent.TOOLS.stream().map(ToolSpec::name).toList());
        };
    }

    /** A call that may throw the driver's exception. */
    private interface Call<T> {
        ActionResult run(T value) throws DriverException;
    }

    private static ActionResult withArgument(Action action, String name, Call<String> call) throws DriverException {
        Optional<String> value = Replies.argument(action, name);
        if (value.isEmpty()) {
            return ActionResult.failed(
                    action.function() + " needs the argument '" + name + "'; got " + action.arguments());
        }
        return call.run(value.get());
    }

    private static ActionResult onControl(AppAgent agent, Action action, Call<DesktopControl> call)
            throws DriverException {
        Optional<DesktopControl> control = Replies.number(action, "id")
                .flatMap(l -> agent.lastSnapshot().flatMap(s -> s.control(l)))
                .map(AnnotatedControl::control);
        if (control.isEmpty()) {
            return ActionResult.failed(action.function() + " needs the label of a control on the last screenshot"
                    + agent.lastSnapshot()
                            .map(s -> ", 1 to " + s.controls().size())
                            .orElse("")
                    + "; got " + Replies.argument(action, "id").orElse("none"));
        }
        return call.run(control.get());
    }

    /** The action for people: {@code click_input on [5] Button 'Delete Table' in Sales Report.docx - Word}. */
    static String describe(AppAgent agent, Action action) {
        String target = Replies.number(action, "id")
                .flatMap(l -> agent.lastSnapshot().flatMap(s -> s.control(l)))
                .map(c -> " on " + c.describe())
                .orElse("");
        return action.function() + target + value(action) + " in "
                + agent.window().shownTitle();
    }

    /**
     * The action as the window is {@code now}: its control (the one the label named on the screenshot the
     * model chose it on) with the label and name it has now, or, when it is no longer on the window, as it
     * was, saying so. CONFIRM asks the user with this.
     */
    static String describeNow(AppAgent agent, Action action, WindowSnapshot now) {
        Optional<AnnotatedControl> chosen =
                Replies.number(action, "id").flatMap(l -> agent.lastSnapshot().flatMap(s -> s.control(l)));
        String target = chosen.map(c -> now.controls().stream()
                        .filter(n -> n.control().id().equals(c.control().id()))
                        .findFirst()
                        .map(n -> " on " + n.describe())
                        .orElse(" on " + c.control().shownType() + " '"
                                + c.control().shownName() + "', which is no longer on the window"))
                .orElse("");
        return action.function() + target + value(action) + " in "
                + now.window().shownTitle();
    }

    private static String value(Action action) {
        return Replies.argument(action, "text")
                .or(() -> Replies.argument(action, "value"))
                .or(() -> Replies.argument(action, "keys"))
                .map(v -> " '" + v + "'")
                .orElse("");
    }
}
