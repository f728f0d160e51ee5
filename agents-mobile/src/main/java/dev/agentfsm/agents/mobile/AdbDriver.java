package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * try (AdbDriver phone = AdbDriver.builder().serial("emulator-5554").connect()) {
 *     List<Control> controls = phone.controls();
 *     phone.clickControl(controls.get(0).id(), Optional.empty());
 * }
 * }</pre>
 */
public final class AdbDriver implements MobileDevice {
    static final String LAUNCHER = "android.intent.category.LAUNCHER";
    static final String DUMP_PATH = "/sdcard/window_dump.xml";
    private static final int CLEAR_KEY_PRESSES = 50;

    private final Adb adb;
    private final Duration commandTimeout;
    private final Duration tapSettle;
    private final ScreenControls screen;
    private final TtlCache<List<String>> userApps;
    private final TtlCache<List<String>> allApps;
    private final TtlCache<DeviceInfo> deviceInfo;

    private AdbDriver(Builder builder, Adb adb) {
        this.adb = adb;
        this.commandTimeout = builder.commandTimeout;
        this.tapSettle = builder.tapSettle;
        this.screen = new ScreenControls(builder.controlsTtl, builder.clock);
        this.userApps = new TtlCache<>(Duration.ofMinutes(5), builder.clock);
        this.allApps = new TtlCache<>(Duration.ofMinutes(5), builder.clock);
        this.deviceInfo = new TtlCache<>(Duration.ofMinutes(1), builder.clock);
    }

    /** Starts configuring a driver. */
    public static Builder builder() {
        return new Builder();
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
    public byte[] screenshot() throws DriverException {
        return Screencap.capture(adb, commandTimeout);
    }

    /** The uiautomator dump of the screen (cached with the controls). */
    public String uiTree() throws DriverException {
        return screen.read(() -> dumpScreen(commandTimeout)).tree();
    }

    /** The controls on the screen, with their ids (cached for 5 s, and until the next action). */
    @Override
    public List<Control> controls() throws DriverException {
        return screen.read(() -> dumpScreen(commandTimeout)).controls();
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
        touch(timeout, "input", "tap", Integer.toString(x), Integer.toString(y));
        return ActionResult.ok("tapped (" + x + ", " + y + ")");
    }

    /** {@code input swipe x1 y1 x2 y2 durationMs}. */
    public ActionResult swipe(int startX, int startY, int endX, int endY, int durationMs) throws DriverException {
        return swipe(startX, startY, endX, endY, durationMs, commandTimeout);
    }

    @Override
    public ActionResult swipe(int startX, int startY, int endX, int endY, int durationMs, Duration timeout)
            throws DriverException {
        if (durationMs < 0) {
            return ActionResult.failed("swipe duration must be 0 ms or more; got " + durationMs);
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
     * {@code input text} with the text escaped for the device's shell. Text adb cannot type is refused.
     */
    public ActionResult typeText(
            String text, Optional<Integer> controlId, Optional<String> controlName, boolean clearCurrentText)
            throws DriverException {
        return typeText(text, controlId, controlName, clearCurrentText, commandTimeout);
    }

    @Override
    public ActionResult typeText(
            String text,
            Optional<Integer> controlId,
            Optional<String> controlName,
            boolean clearCurrentText,
            Duration timeout)
            throws DriverException {
        String escaped;
        try {
            escaped = InputText.escape(text);
        } catch (IllegalArgumentException e) {
            return ActionResult.failed(e.getMessage());
        }
        String note = "";
        if (controlId.isPresent()) {
            ScreenControls.Usable usable = screen.usable(controlId.get());
            if (usable.control().isEmpty()) {
                return ActionResult.failed(usable.refusal().orElseThrow());
            }
            Control control = usable.control().get();
            note = ScreenControls.nameMismatch(control, controlName);
            touch(
                    timeout,
                    "input",
                    "tap",
                    Integer.toString(control.rect().centerX()),
                    Integer.toString(control.rect().centerY()));
            settle();
        }
        if (clearCurrentText) {
            List<String> keys = new ArrayList<>(List.of("input", "keyevent"));
            keys.addAll(Collections.nCopies(CLEAR_KEY_PRESSES, "KEYCODE_DEL"));
            touch(timeout, keys.toArray(String[]::new));
        }
        touch(timeout, "input", "text", escaped);
        return ActionResult.ok("typed \"" + text + "\"" + note);
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
            return ActionResult.failed("could not launch " + pkg + " (monkey exited with " + monkey.exitCode()
                    + ": "
                    + said.lines()
                            .map(String::strip)
                            .filter(l -> !l.isEmpty() && !l.startsWith("bash arg:"))
                            .collect(Collectors.joining(" "))
                    + ")");
        }
        return ActionResult.ok("launched " + pkg);
    }

    /** Taps the centre of control {@code id} from the current controls; refuses an id whose controls are stale. */
    public ActionResult clickControl(int id, Optional<String> name) throws DriverException {
        return clickControl(id, name, commandTimeout);
    }

    @Override
    public ActionResult clickControl(int id, Optional<String> name, Duration timeout) throws DriverException {
        ScreenControls.Usable usable = screen.usable(id);
        if (usable.control().isEmpty()) {
            return ActionResult.failed(usable.refusal().orElseThrow());
        }
        Control control = usable.control().get();
        touch(
                timeout,
                "input",
                "tap",
                Integer.toString(control.rect().centerX()),
                Integer.toString(control.rect().centerY()));
        return ActionResult.ok("clicked control " + id + " " + control.type() + " \"" + control.name() + "\" at ("
                + control.rect().centerX() + ", " + control.rect().centerY() + ")"
                + ScreenControls.nameMismatch(control, name));
    }

    /** Forgets cached data: {@code controls} (and the UI tree), {@code apps}, {@code device_info} or {@code all}. */
    @Override
    public ActionResult invalidateCache(String cacheType) {
        switch (cacheType) {
            case "controls", "ui_tree" -> screen.invalidate();
            case "apps" -> {
                userApps.invalidate();
                allApps.invalidate();
            }
            case "device_info" -> deviceInfo.invalidate();
            case "all" -> {
                screen.invalidate();
                userApps.invalidate();
                allApps.invalidate();
                deviceInfo.invalidate();
            }
            default -> {
                return ActionResult.failed(
                        "unknown cache \"" + cacheType + "\"; use controls, apps, device_info or all");
            }
        }
        return ActionResult.ok("invalidated " + cacheType);
    }

    // ---- DeviceDriver -----------------------------------------------------------------------

    /** A screenshot, the UI tree, and the controls as text for the prompt. */
    @Override
    public Observation observe(Duration timeout) throws DriverException {
        Duration call = callTimeout(timeout);
        byte[] png = Screencap.capture(adb, call);
        ScreenControls.Snapshot snapshot = screen.read(() -> dumpScreen(call));
        return new Observation(
                Optional.of(png),
                Optional.of(snapshot.tree()),
                Optional.of(ScreenControls.describe(snapshot.controls())));
    }

    @Override
    public List<ToolSpec> tools() {
        return MobileTools.SPECS;
    }

    @Override
    public ActionResult execute(Action action, Duration timeout) throws DriverException {
        return MobileTools.execute(this, action, callTimeout(timeout));
    }

    /** The time-out of each adb call within a driver call that may take {@code timeout} in all. */
    Duration callTimeout(Duration timeout) {
        return timeout.compareTo(commandTimeout) < 0 ? timeout : commandTimeout;
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

    /** The UI tree and its controls: {@code uiautomator dump} to the device, then {@code cat}. */
    private ScreenControls.Snapshot dumpScreen(Duration timeout) throws DriverException {
        String said = adb.shell(timeout, "uiautomator", "dump", DUMP_PATH);
        if (!said.contains("dumped to")) {
            throw new DriverException("`uiautomator dump` on " + adb.serial() + " did not write a dump; it said: "
                    + said.strip() + ". The screen may be changing (an animation); try again");
        }
        String xml = adb.shell(timeout, "cat", DUMP_PATH);
        return new ScreenControls.Snapshot(xml, UiTreeParser.parse(xml, adb.serial()));
    }

    private void settle() throws DriverException {
        try {
            Thread.sleep(tapSettle.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting for the keyboard on " + adb.serial(), e);
        }
    }

    /**
     * Configures an {@link AdbDriver}. By default adb is looked for in the process environment, the
     * only connected device is used, and every adb call may take 20 s.
     */
    public static final class Builder {
        private Optional<String> serial = Optional.empty();
        private Map<String, String> environment = System.getenv();
        private Optional<Path> executable = Optional.empty();
        private Duration commandTimeout = Duration.ofSeconds(20);
        private Duration controlsTtl = Duration.ofSeconds(5);
        private Duration tapSettle = Duration.ofMillis(200);
        private Clock clock = Clock.systemUTC();

        private Builder() {}

        /** The device to drive ({@code adb -s}); without one, the only connected device. */
        public Builder serial(String serial) {
            this.serial = Optional.of(Objects.requireNonNull(serial, "serial"));
            return this;
        }

        /**
         * The environment adb is looked for in ({@code ANDROID_HOME}, {@code ANDROID_SDK_ROOT}, {@code PATH})
         * and runs with; the process's environment by default.
         */
        public Builder environment(Map<String, String> environment) {
            this.environment = Map.copyOf(environment);
            return this;
        }

        /** Uses this adb instead of looking for one. */
        public Builder adbExecutable(Path executable) {
            this.executable = Optional.of(Objects.requireNonNull(executable, "executable"));
            return this;
        }

        /** The most one adb call may take before it is killed (default 20 s). */
        public Builder commandTimeout(Duration timeout) {
            this.commandTimeout = positive(timeout, "commandTimeout");
            return this;
        }

        /**
         * How long controls (and the UI tree) stay fresh, and so how long a control id may be clicked
         * after it was read (UFO: 5 s). Raise it when the model takes longer than that to answer.
         */
        public Builder controlsTtl(Duration ttl) {
            this.controlsTtl = positive(ttl, "controlsTtl");
            return this;
        }

        /** How long to wait after tapping a text field before typing (UFO: 0.2 s). */
        public Builder tapSettle(Duration settle) {
            if (settle.isNegative()) {
                throw new IllegalArgumentException("tapSettle must not be negative; got " + settle);
            }
            this.tapSettle = settle;
            return this;
        }

        /** The clock the caches read; the system clock by default. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Finds adb and connects to the device.
         *
         * @throws DriverException when adb is missing, or the device is missing, unauthorized or offline
         */
        public AdbDriver connect() throws DriverException {
            Path adbPath = executable.isPresent() ? executable.get() : AdbLocator.locate(environment);
            ProcessRunner runner = new ProcessRunner(environment);
            return new AdbDriver(this, Adb.connect(adbPath, serial, runner, commandTimeout));
        }

        private static Duration positive(Duration value, String name) {
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(name + " must be positive; got " + value);
            }
            return value;
        }
    }
}
