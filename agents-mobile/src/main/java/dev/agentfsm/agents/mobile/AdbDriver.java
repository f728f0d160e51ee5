package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A {@link MobileDevice} driven through the {@code adb} command line, as UFO's mobile MCP servers drive
 * it: screenshots, the uiautomator UI tree and its controls, installed apps and device information
 * (each cached: apps 300 s, controls and UI tree 5 s, device information 60 s), and taps, swipes, text,
 * key events, app launches and clicks on controls by id. Every adb call has a time-out.
 *
 * <p>Two things differ from UFO on purpose: every action that touches the screen (also launching an
 * app and pressing a key) invalidates the controls, and a control id is refused once the controls it
 * came from have expired or been invalidated, instead of being clicked at a position that may now
 * hold something else.
 *
 * <pre>{@code
 * try (AdbDriver phone = AdbDriver.connect(MobileDevice.builder().serial("emulator-5554"))) {
 *     List<Control> controls = phone.controls();
 *     phone.clickControl(controls.get(0).id(), Optional.empty());
 * }
 * }</pre>
 */
public final class AdbDriver extends AbstractMobileDevice {
    static final String LAUNCHER = "android.intent.category.LAUNCHER";
    static final String DUMP_PATH = "/sdcard/window_dump.xml";
    private static final int CLEAR_KEY_PRESSES = 50;
    /** The longest swipe taken, in milliseconds; UFO's default is 300. */
    static final long MAX_SWIPE_MILLIS = 10_000;

    private final Adb adb;
    private final TtlCache<List<String>> userApps;
    private final TtlCache<List<String>> allApps;
    private final TtlCache<DeviceInfo> deviceInfo;

    private AdbDriver(MobileDevice.Builder settings, Adb adb) {
        super(settings);
        this.adb = adb;
        this.userApps = new TtlCache<>(Duration.ofMinutes(5), settings.clock);
        this.allApps = new TtlCache<>(Duration.ofMinutes(5), settings.clock);
        this.deviceInfo = new TtlCache<>(Duration.ofMinutes(1), settings.clock);
    }

    /**
     * Finds adb (or uses {@link MobileDevice.Builder#adbExecutable}) and connects to the device the
     * settings name. {@link MobileDevice.Builder#connect()} does the same for the default driver; this
     * returns the adb driver itself, with its UI tree, device information and calls without a time-out.
     *
     * @throws DriverException when adb is missing, or the device is missing, unauthorized or offline
     * @throws IllegalArgumentException when the settings chose mobile-mcp
     */
    public static AdbDriver connect(MobileDevice.Builder settings) throws DriverException {
        if (settings.kind != MobileDevice.Builder.Kind.ADB) {
            throw new IllegalArgumentException("these settings drive the device through mobile-mcp ("
                    + String.join(" ", settings.serverCommand)
                    + "); call their connect() instead, or leave mobileMcp out for adb");
        }
        Path adbPath = settings.adbExecutable.isPresent()
                ? settings.adbExecutable.get()
                : AdbLocator.locate(settings.environment);
        ProcessRunner runner = new ProcessRunner(settings.environment);
        return new AdbDriver(settings, Adb.connect(adbPath, settings.serial, runner, settings.commandTimeout));
    }

    @Override
    public String name() {
        return "adb:" + adb.serial();
    }

    @Override
    public String serial() {
        return adb.serial();
    }

    // ---- data -------------------------------------------------------------------------------

    /**
     * A screenshot as PNG: {@code screencap -p} to the device, {@code pull} to a temporary file, then
     * {@code rm} on the device (also when the pull fails).
     */
    @Override
    byte[] screenshot(Duration timeout) throws DriverException {
        return Screencap.capture(adb, timeout);
    }

    /** The uiautomator dump of the screen (cached with the controls). */
    public String uiTree() throws DriverException {
        return screen.read(() -> readScreen(commandTimeout)).tree();
    }

    /** The installed packages, sorted: {@code pm list packages}, or with {@code -3} third-party ones only (cached 300 s). */
    public List<String> apps(boolean includeSystemApps) throws DriverException {
        return apps(includeSystemApps, commandTimeout);
    }

    /** The third-party packages, sorted: {@code pm list packages -3} (cached 300 s). */
    @Override
    public List<String> apps() throws DriverException {
        return apps(false, commandTimeout);
    }

    List<String> apps(boolean includeSystemApps, Duration timeout) throws DriverException {
        TtlCache<List<String>> cache = includeSystemApps ? allApps : userApps;
        return cache.get(() -> {
                    String listed = includeSystemApps
                            ? adb.shell(timeout, "pm", "list", "packages")
                            : adb.shell(timeout, "pm", "list", "packages", "-3");
                    return listed.lines()
                            .map(String::strip)
                            .filter(line -> line.startsWith("package:"))
                            .map(line -> line.substring("package:".length()))
                            .sorted()
                            .toList();
                })
                .value();
    }

    /** Model, Android version, screen and battery (cached 60 s). */
    public DeviceInfo deviceInfo() throws DriverException {
        Duration timeout = commandTimeout;
        return deviceInfo
                .get(() -> DeviceInfo.parse(
                        adb.shell(timeout, "getprop", "ro.product.model"),
                        adb.shell(timeout, "getprop", "ro.build.version.release"),
                        adb.shell(timeout, "getprop", "ro.build.version.sdk"),
                        adb.shell(timeout, "wm", "size"),
                        adb.shell(timeout, "wm", "density"),
                        adb.shell(timeout, "dumpsys", "battery")))
                .value();
    }

    // ---- actions ----------------------------------------------------------------------------

    /** {@code input tap x y}. */
    public ActionResult tap(int x, int y) throws DriverException {
        return tap(x, y, commandTimeout);
    }

    @Override
    public ActionResult tap(int x, int y, Duration timeout) throws DriverException {
        Optional<ActionResult> off = offScreen("tap", x, y);
        if (off.isPresent()) {
            return off.get();
        }
        tapAt(x, y, timeout);
        return ActionResult.ok("tapped (" + x + ", " + y + ")");
    }

    /**
     * {@code input swipe x1 y1 x2 y2 durationMs}; a duration below 0, over 10 s or over half the call's time-out
     * is refused, for the model to correct.
     */
    public ActionResult swipe(int startX, int startY, int endX, int endY, int durationMs) throws DriverException {
        return swipe(startX, startY, endX, endY, durationMs, commandTimeout);
    }

    @Override
    public ActionResult swipe(int startX, int startY, int endX, int endY, int durationMs, Duration timeout)
            throws DriverException {
        // input swipe holds the call for its duration: a longer one would be killed at the time-out and fail
        // the round, where the model can correct a refusal; half the time-out leaves adb room to start
        long longest = Math.min(MAX_SWIPE_MILLIS, timeout.toMillis() / 2);
        if (durationMs < 0 || durationMs > longest) {
            return ActionResult.failed(
                    "swipe duration must be from 0 to " + longest + " ms; got " + durationMs + " ms");
        }
        Optional<ActionResult> off = offScreen("swipe", startX, startY, endX, endY);
        if (off.isPresent()) {
            return off.get();
        }
        touch(
                timeout,
                "input",
                "swipe",
                Integer.toString(startX),
                Integer.toString(startY),
                Integer.toString(endX),
                Integer.toString(endY),
                Integer.toString(durationMs));
        return ActionResult.ok("swiped from (" + startX + ", " + startY + ") to (" + endX + ", " + endY + ") in "
                + durationMs + " ms");
    }

    /**
     * Types {@code text}: first taps the centre of the control when one is given (and waits for the
     * keyboard), deletes the current text when asked ({@code KEYCODE_DEL} 50 times, as UFO does), then
     * {@code input text} with the text escaped for the device's shell. Text adb cannot type, or longer than
     * 2,000 characters, is refused.
     */
    public ActionResult typeText(
            String text, Optional<Integer> controlId, Optional<String> controlName, boolean clearCurrentText)
            throws DriverException {
        return typeText(text, controlId, controlName, clearCurrentText, commandTimeout);
    }

    /** {@code input keyevent <key>}, where {@code key} is a {@code KEYCODE_*} name or a number. */
    public ActionResult pressKey(String keyCode) throws DriverException {
        return pressKey(keyCode, commandTimeout);
    }

    @Override
    public ActionResult pressKey(String keyCode, Duration timeout) throws DriverException {
        if (!keyCode.matches("KEYCODE_[A-Z0-9_]+|\\d{1,3}")) {
            return ActionResult.failed("\"" + keyCode + "\" is not an Android key code; use a KEYCODE_* name such as "
                    + "KEYCODE_HOME, KEYCODE_BACK or KEYCODE_ENTER");
        }
        touch(timeout, "input", "keyevent", keyCode);
        return ActionResult.ok("pressed " + keyCode);
    }

    /**
     * Starts an app's launcher activity with {@code monkey -p <package> -c android.intent.category.LAUNCHER 1}.
     * {@code app} is a package name, or a word of one ("settings" finds {@code com.android.settings})
     * when exactly one installed package matches.
     */
    public ActionResult launchApp(String app) throws DriverException {
        return launchApp(app, commandTimeout);
    }

    @Override
    public ActionResult launchApp(String app, Duration timeout) throws DriverException {
        List<String> candidates = PackageNames.candidates(app, apps(true, timeout));
        if (candidates.isEmpty()) {
            return ActionResult.failed("no installed package matches \"" + app + "\"; installed apps: "
                    + String.join(", ", apps(false, timeout)));
        }
        if (candidates.size() > 1) {
            return ActionResult.failed("\"" + app + "\" matches several packages (" + String.join(", ", candidates)
                    + "); give the package name");
        }
        String pkg = candidates.get(0);
        ProcessRunner.Result monkey;
        try {
            monkey = adb.shellAllowingFailure(timeout, "monkey", "-p", pkg, "-c", LAUNCHER, "1");
        } finally {
            screen.invalidate();
        }
        String said = monkey.stdoutText() + monkey.stderr();
        if (monkey.exitCode() != 0 || said.contains("monkey aborted")) {
            // what the device printed goes to the model, the logs and the trace: escaped and cut
            return ActionResult.failed("could not launch " + pkg + " (monkey exited with " + monkey.exitCode()
                    + ": "
                    + SafeText.line(
                            said.lines()
                                    .map(String::strip)
                                    .filter(l -> !l.isEmpty() && !l.startsWith("bash arg:"))
                                    .limit(20)
                                    .collect(Collectors.joining(" ")),
                            Adb.QUOTED_CHARS)
                    + ")");
        }
        return ActionResult.ok("launched " + pkg);
    }

    /** Taps the centre of control {@code id} from the current controls; refuses an id whose controls are stale. */
    public ActionResult clickControl(int id, Optional<String> name) throws DriverException {
        return clickControl(id, name, commandTimeout);
    }

    @Override
    void forgetApps() {
        userApps.invalidate();
        allApps.invalidate();
    }

    @Override
    boolean forgetDeviceInfo() {
        deviceInfo.invalidate();
        return true;
    }

    // ---- DeviceDriver -----------------------------------------------------------------------

    @Override
    public List<ToolSpec> tools() {
        return MobileTools.SPECS;
    }

    @Override
    public ActionResult execute(Action action, Duration timeout) throws DriverException {
        return MobileTools.execute(this, action, callTimeout(timeout));
    }

    // ---- internals --------------------------------------------------------------------------

    /** Runs an input command and invalidates the controls: the screen has changed or may have. */
    private void touch(Duration timeout, String... args) throws DriverException {
        try {
            adb.shell(timeout, args);
        } finally {
            screen.invalidate();
        }
    }

    @Override
    Optional<ActionResult> tapAt(int x, int y, Duration timeout) throws DriverException {
        touch(timeout, "input", "tap", Integer.toString(x), Integer.toString(y));
        return Optional.empty();
    }

    /**
     * Deletes the current text when asked ({@code KEYCODE_DEL} 50 times, as UFO does), then
     * {@code input text} with the text escaped for the device's shell.
     */
    @Override
    Optional<ActionResult> type(String text, boolean clearCurrentText, Duration timeout) throws DriverException {
        if (clearCurrentText) {
            List<String> keys = new ArrayList<>(List.of("input", "keyevent"));
            keys.addAll(Collections.nCopies(CLEAR_KEY_PRESSES, "KEYCODE_DEL"));
            touch(timeout, keys.toArray(String[]::new));
        }
        touch(timeout, "input", "text", InputText.escape(text));
        return Optional.empty();
    }

    /** The UI tree and its controls: {@code uiautomator dump} to the device, then {@code cat}. */
    @Override
    ScreenControls.Snapshot readScreen(Duration timeout) throws DriverException {
        String said = adb.shell(timeout, "uiautomator", "dump", DUMP_PATH);
        if (!said.contains("dumped to")) {
            throw new DriverException("`uiautomator dump` on " + adb.serial() + " did not write a dump; it said: "
                    + SafeText.line(said.strip(), Adb.QUOTED_CHARS)
                    + ". The screen may be changing (an animation); try again");
        }
        String xml = adb.shell(timeout, "cat", DUMP_PATH);
        return new ScreenControls.Snapshot(xml, UiTreeParser.parse(xml, adb.serial()));
    }
}
