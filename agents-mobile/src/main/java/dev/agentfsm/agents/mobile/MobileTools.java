package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The tools of UFO's mobile action server, as the LLM sees them, and the dispatch of an {@link Action}
 * to a {@link MobileDevice}. Bad arguments are an {@link ActionResult} with the reason, for the LLM to
 * correct; only a device that cannot be used throws.
 */
final class MobileTools {
    private static final int MAX_WAIT_SECONDS = 60;

    static final List<ToolSpec> SPECS = List.of(
            new ToolSpec("tap", "Tap the screen at a point.", ordered("x", "x in pixels", "y", "y in pixels")),
            new ToolSpec(
                    "swipe",
                    "Swipe from one point to another (scrolls, drags).",
                    ordered(
                            "start_x",
                            "start x in pixels",
                            "start_y",
                            "start y in pixels",
                            "end_x",
                            "end x in pixels",
                            "end_y",
                            "end y in pixels",
                            "duration",
                            "milliseconds, 0 to " + AdbDriver.MAX_SWIPE_MILLIS + ", default 300")),
            new ToolSpec(
                    "type_text",
                    "Type text, into a control when one is given (it is tapped first).",
                    ordered(
                            "text", "printable ASCII text to type",
                            "control_id", "optional: id of the text field",
                            "control_name", "optional: the field's name, to check the id",
                            "clear_current_text", "optional: true to delete the field's text first")),
            new ToolSpec(
                    "launch_app",
                    "Start an app by package name (or a word of it, such as settings).",
                    ordered("package_name", "the package, e.g. com.android.settings")),
            new ToolSpec(
                    "press_key", "Press a key.", ordered("key_code", "e.g. KEYCODE_HOME, KEYCODE_BACK, KEYCODE_ENTER")),
            new ToolSpec(
                    "click_control",
                    "Click a control of the current screen by its id.",
                    ordered(
                            "control_id", "the control's id from the current controls",
                            "control_name", "the control's name, to check the id")),
            new ToolSpec("wait", "Wait for the screen to settle.", ordered("seconds", "1 to " + MAX_WAIT_SECONDS)),
            new ToolSpec(
                    "invalidate_cache",
                    "Forget cached device data.",
                    ordered("cache_type", "controls, apps, device_info or all")));

    private MobileTools() {}

    /** Runs {@code action} on {@code driver}: one of the tools of {@link #SPECS}, by name. */
    static ActionResult execute(MobileDevice driver, Action action, Duration timeout) throws DriverException {
        ToolArguments args = new ToolArguments(action);
        try {
            return switch (action.function()) {
                case "tap" -> driver.tap(args.integer("x"), args.integer("y"), timeout);
                case "swipe" ->
                    driver.swipe(
                            args.integer("start_x"),
                            args.integer("start_y"),
                            args.integer("end_x"),
                            args.integer("end_y"),
                            args.optionalInteger("duration").orElse(300),
                            timeout);
                case "type_text" ->
                    driver.typeText(
                            args.text("text"),
                            args.optionalInteger("control_id"),
                            args.optionalText("control_name"),
                            args.flag("clear_current_text"),
                            timeout);
                case "launch_app" -> driver.launchApp(args.text("package_name"), timeout);
                case "press_key" -> driver.pressKey(args.text("key_code"), timeout);
                case "click_control" ->
                    driver.clickControl(args.integer("control_id"), args.optionalText("control_name"), timeout);
                case "wait" -> waitFor(args.integer("seconds"), timeout);
                case "invalidate_cache" ->
                    driver.invalidateCache(args.optionalText("cache_type").orElse("all"));
                default ->
                    ActionResult.failed("unknown tool \"" + action.function() + "\"; the tools are "
                            + SPECS.stream().map(ToolSpec::name).collect(Collectors.joining(", ")));
            };
        } catch (IllegalArgumentException e) {
            return ActionResult.failed(e.getMessage());
        }
    }

    private static ActionResult waitFor(int seconds, Duration timeout) throws DriverException {
        if (seconds < 1
                || seconds > MAX_WAIT_SECONDS
                || Duration.ofSeconds(seconds).compareTo(timeout) > 0) {
            return ActionResult.failed(
                    "wait takes 1 to " + Math.min(MAX_WAIT_SECONDS, timeout.toSeconds()) + " seconds; got " + seconds);
        }
        try {
            Thread.sleep(seconds * 1000L);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting " + seconds + " s", e);
        }
        return ActionResult.ok("waited " + seconds + " s");
    }

    private static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** An action's arguments, read with errors that name the tool, the argument and the value. */
    private record ToolArguments(Action action) {

        int integer(String name) {
            return optionalInteger(name).orElseThrow(() -> missing(name, "an integer"));
        }

        Optional<Integer> optionalInteger(String name) {
            Object value = action.arguments().get(name);
            if (value == null) {
                return Optional.empty();
            }
            if (value instanceof Number n) {
                // intValue() would wrap a long (2^32 + 7 becomes 7, another control) or clamp a double
                Optional<Integer> exact = exactInt(n);
                if (exact.isPresent()) {
                    return exact;
                }
                throw new IllegalArgumentException(action.function() + " needs '" + name
                        + "' to be a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + "; got "
                        + value);
            }
            if (value instanceof String s && s.strip().matches("-?\\d{1,9}")) {
                return Optional.of(Integer.parseInt(s.strip()));
            }
            throw new IllegalArgumentException(
                    action.function() + " needs '" + name + "' to be an integer; got " + value);
        }

        /** {@code n} as an int when it is a whole number an int holds exactly; empty otherwise. */
        private static Optional<Integer> exactInt(Number n) {
            try {
                return Optional.of(new BigDecimal(n.toString()).intValueExact());
            } catch (ArithmeticException | NumberFormatException e) {
                return Optional.empty(); // a fraction, too large, NaN or infinite
            }
        }

        String text(String name) {
            return optionalText(name).orElseThrow(() -> missing(name, "a text"));
        }

        Optional<String> optionalText(String name) {
            Object value = action.arguments().get(name);
            return value == null ? Optional.empty() : Optional.of(value.toString());
        }

        boolean flag(String name) {
            Object value = action.arguments().get(name);
            if (value == null) {
                return false;
            }
            if (value instanceof Boolean b) {
                return b;
            }
            if (value instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
                return Boolean.parseBoolean(s);
            }
            throw new IllegalArgumentException(
                    action.function() + " needs '" + name + "' to be true or false; got " + value);
        }

        private IllegalArgumentException missing(String name, String what) {
            return new IllegalArgumentException(
                    action.function() + " needs '" + name + "' (" + what + "); got arguments " + action.arguments());
        }
    }
}
