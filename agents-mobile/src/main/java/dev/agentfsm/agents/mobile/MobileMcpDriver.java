package dev.agentfsm.agents.mobile;

import static dev.agentfsm.agents.mobile.MobileMcpReplies.CLICK;
import static dev.agentfsm.agents.mobile.MobileMcpReplies.LAUNCH;
import static dev.agentfsm.agents.mobile.MobileMcpReplies.LIST_APPS;
import static dev.agentfsm.agents.mobile.MobileMcpReplies.LIST_DEVICES;
import static dev.agentfsm.agents.mobile.MobileMcpReplies.LIST_ELEMENTS;
import static dev.agentfsm.agents.mobile.MobileMcpReplies.PRESS;
import static dev.agentfsm.agents.mobile.MobileMcpReplies.SCREENSHOT;
import static dev.agentfsm.agents.mobile.MobileMcpReplies.SWIPE;
import static dev.agentfsm.agents.mobile.MobileMcpReplies.TYPE;

import dev.agentfsm.mcp.McpDriver;
import dev.agentfsm.mcp.McpEndpoint;
import dev.agentfsm.mcp.McpOptions;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link MobileDevice} driven through the MCP server {@code @mobilenext/mobile-mcp}, which the
 * driver starts and speaks to over stdio with fsm-mcp's {@link McpDriver}. The MobileAgent's tools
 * stay the same; each becomes calls of mobile-mcp's tools: controls come from
 * {@code mobile_list_elements_on_screen} (its JSON format), screenshots from
 * {@code mobile_take_screenshot}, apps from {@code mobile_list_apps}; tap and click are
 * {@code mobile_click_on_screen_at_coordinates}, and so on. Made by {@link MobileDevice#builder()}
 * with {@link MobileDevice.Builder#mobileMcp(List)}.
 *
 * <ul>
 *   <li>Every reply is read strictly ({@link MobileMcpReplies}): one of another shape is a
 *       {@link DriverException} naming the tool and what was wrong, which takes the MobileAgent to
 *       FAIL. So is a tool that reports an error ({@code isError}), a server that exits, hangs past
 *       the command time-out, or no longer lists a tool the driver calls.
 *   <li>What mobile-mcp refuses with a message for the model ("... Please fix the issue and try
 *       again.") is a failed result the LLM reads, as are the actions mobile-mcp cannot do: a
 *       diagonal swipe, clearing a field, keys other than back, home, enter and volume.
 *   <li>A device mobile-mcp or adb reports gone is a {@link DeviceUnavailableException}.
 *   <li>The server runs with {@code MOBILEMCP_LEGACY_ROBOT=1} (its adb robot, which returns
 *       full-size screenshots) and {@code MOBILEMCP_DISABLE_TELEMETRY=1} unless the environment
 *       given to the builder sets them.
 * </ul>
 */
public final class MobileMcpDriver extends AbstractMobileDevice {
    private static final Logger LOG = LoggerFactory.getLogger(MobileMcpDriver.class);
    static final String LEGACY_ROBOT = "MOBILEMCP_LEGACY_ROBOT";
    static final String NO_TELEMETRY = "MOBILEMCP_DISABLE_TELEMETRY";
    /** How mobile-mcp ends a message for the model ({@code ActionableError}). */
    private static final String REFUSAL = ". Please fix the issue and try again.";
    /** mobile-mcp's adb robot swipes in this time, whatever the caller asks. */
    private static final int SWIPE_MS = 1000;
    /** The keys {@code mobile_press_button} presses on a phone, by their Android names. */
    private static final Map<String, String> BUTTONS = Map.of(
            "KEYCODE_BACK", "BACK",
            "KEYCODE_HOME", "HOME",
            "KEYCODE_ENTER", "ENTER",
            "KEYCODE_VOLUME_UP", "VOLUME_UP",
            "KEYCODE_VOLUME_DOWN", "VOLUME_DOWN");

    private static final String KEYS =
            "KEYCODE_BACK, KEYCODE_HOME, KEYCODE_ENTER, KEYCODE_VOLUME_UP or KEYCODE_VOLUME_DOWN";
    private static final Pattern ADB_GONE = Pattern.compile("device '([^']*)' not found|device (offline|unauthorized)");

    /** The MobileAgent's tools, as this driver can carry them out. */
    static final List<ToolSpec> SPECS =
            MobileTools.SPECS.stream().map(MobileMcpDriver::spec).toList();

    private final McpDriver mcp;
    private final String serial;
    private final String name;
    private final TtlCache<List<String>> apps;

    private MobileMcpDriver(McpDriver mcp, String serial, MobileDevice.Builder settings) {
        super(settings);
        this.mcp = mcp;
        this.serial = serial;
        this.name = "mobile-mcp:" + serial;
        this.apps = new TtlCache<>(Duration.ofMinutes(5), settings.clock);
    }

    /** Starts mobile-mcp, checks its tools, and chooses the device (see {@link MobileDevice.Builder}). */
    static MobileMcpDriver connect(MobileDevice.Builder settings) throws DriverException {
        Map<String, String> environment = new HashMap<>(settings.environment);
        environment.putIfAbsent(LEGACY_ROBOT, "1");
        environment.putIfAbsent(NO_TELEMETRY, "1");
        // the replies are read by this driver, not shown to a model: no cap on the element list's text,
        // and room for a full-size PNG
        McpOptions options = McpOptions.DEFAULTS
                .withStartTimeout(settings.startTimeout)
                .withMaxResultChars(8_000_000)
                .withMaxImageBytes(64 * 1024 * 1024)
                // the image in base64 (a third larger) and the text, in one message
                .withMaxMessageBytes(128 * 1024 * 1024);
        McpDriver mcp = McpDriver.connect(
                new McpEndpoint.Stdio(settings.serverCommand, environment, settings.serverDirectory), options);
        try {
            List<String> offered = mcp.tools().stream().map(ToolSpec::name).toList();
            List<String> missing = MobileMcpReplies.TOOLS.stream()
                    .filter(tool -> !offered.contains(tool))
                    .toList();
            if (!missing.isEmpty()) {
                throw new DriverException(mcp.name() + " (" + SafeText.line(mcp.serverName(), 80) + ") lacks the tools "
                        + String.join(", ", missing) + " that this driver calls; it was verified with"
                        + " @mobilenext/mobile-mcp 1.0.4");
            }
            String serial = chooseDevice(mcp, settings);
            MobileMcpDriver driver = new MobileMcpDriver(mcp, serial, settings);
            LOG.info("{}: driving {} through {}", driver.name, serial, SafeText.line(mcp.serverName(), 80));
            return driver;
        } catch (DriverException | RuntimeException e) {
            mcp.close();
            throw e;
        }
    }

    private static String chooseDevice(McpDriver mcp, MobileDevice.Builder settings) throws DriverException {
        String source = mcp.name();
        ActionResult listed = mcp.execute(new Action(LIST_DEVICES, Map.of()), settings.commandTimeout);
        if (!listed.success()) {
            throw new DriverException(source + ": " + LIST_DEVICES + " failed: "
                    + SafeText.line(listed.reason().orElse(""), 300));
        }
        List<MobileMcpReplies.Device> android = MobileMcpReplies.devices(source, listed.output()).stream()
                .filter(d -> d.platform().equals("android") && d.state().equals("online"))
                .toList();
        String ids = android.stream().map(MobileMcpReplies.Device::id).collect(Collectors.joining(", "));
        String onlyReady = " (mobile-mcp lists only devices that `adb devices` shows as \"device\": an unauthorized or"
                + " offline one is left out)";
        if (settings.serial.isPresent()) {
            String wanted = settings.serial.get();
            if (android.stream().noneMatch(d -> d.id().equals(wanted))) {
                throw new DeviceUnavailableException(
                        DeviceUnavailableException.Problem.NOT_FOUND,
                        settings.serial,
                        "device " + wanted + " is not among the Android devices mobile-mcp lists ("
                                + (ids.isEmpty() ? "none" : ids) + ")" + onlyReady
                                + "; connect it, or fix the serial");
            }
            return wanted;
        }
        if (android.isEmpty()) {
            throw new DeviceUnavailableException(
                    DeviceUnavailableException.Problem.NO_DEVICE,
                    Optional.empty(),
                    "mobile-mcp lists no Android device" + onlyReady
                            + "; connect one with USB debugging on, or start an emulator");
        }
        if (android.size() > 1) {
            throw new DeviceUnavailableException(
                    DeviceUnavailableException.Problem.MORE_THAN_ONE,
                    Optional.empty(),
                    "mobile-mcp lists more than one Android device (" + ids + "); choose one with its serial");
        }
        return android.get(0).id();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String serial() {
        return serial;
    }

    /** The server's name and version as it gave them, e.g. {@code mobile-mcp 1.0.4}. */
    public String serverName() {
        return mcp.serverName();
    }

    // ---- data -------------------------------------------------------------------------------

    /** {@code mobile_take_screenshot}: a full-size PNG (mobile-mcp's adb robot runs {@code screencap -p}). */
    @Override
    byte[] screenshot(Duration timeout) throws DriverException {
        Reply reply = observing(SCREENSHOT, call(SCREENSHOT, Map.of(), timeout));
        return MobileMcpReplies.screenshot(name, reply.text(), reply.images());
    }

    /** The packages {@code mobile_list_apps} lists (those with a launcher activity), sorted (cached 300 s). */
    @Override
    public List<String> apps() throws DriverException {
        return apps(commandTimeout);
    }

    private List<String> apps(Duration timeout) throws DriverException {
        return apps.get(() -> MobileMcpReplies.apps(
                        name,
                        observing(LIST_APPS, call(LIST_APPS, Map.of(), timeout)).text()))
                .value();
    }

    /** The elements of {@code mobile_list_elements_on_screen} as controls (read for {@link #controls()}). */
    @Override
    ScreenControls.Snapshot readScreen(Duration timeout) throws DriverException {
        String elements = observing(LIST_ELEMENTS, call(LIST_ELEMENTS, Map.of("format", "json"), timeout))
                .text();
        return new ScreenControls.Snapshot(elements, MobileMcpReplies.elements(name, elements));
    }

    // ---- actions ----------------------------------------------------------------------------

    /** {@code mobile_click_on_screen_at_coordinates}. */
    @Override
    public ActionResult tap(int x, int y, Duration timeout) throws DriverException {
        if (x < 0 || y < 0) {
            return ActionResult.failed("tap needs x and y of 0 or more; got (" + x + ", " + y + ")");
        }
        Optional<ActionResult> off = offScreen("tap", x, y);
        if (off.isPresent()) {
            return off.get();
        }
        return tapAt(x, y, timeout).orElseGet(() -> ActionResult.ok("tapped (" + x + ", " + y + ")"));
    }

    /**
     * {@code mobile_swipe_on_screen} from the start point towards the end point. mobile-mcp swipes up,
     * down, left or right only, in 1000 ms: a diagonal swipe is refused, and the result says when the
     * duration was not the one asked for.
     */
    @Override
    public ActionResult swipe(int startX, int startY, int endX, int endY, int durationMs, Duration timeout)
            throws DriverException {
        String asked = "(" + startX + ", " + startY + ") to (" + endX + ", " + endY + ")";
        if (durationMs < 0) {
            return ActionResult.failed("swipe duration must be 0 ms or more; got " + durationMs);
        }
        if (startX < 0 || startY < 0 || endX < 0 || endY < 0) {
            return ActionResult.failed("swipe needs coordinates of 0 or more; got " + asked);
        }
        Optional<ActionResult> off = offScreen("swipe", startX, startY, endX, endY);
        if (off.isPresent()) {
            return off.get();
        }
        int dx = endX - startX;
        int dy = endY - startY;
        if ((dx == 0) == (dy == 0)) {
            return ActionResult.failed(
                    dx == 0
                            ? "a swipe needs an end point other than its start; got " + asked
                            : "mobile-mcp swipes up, down, left or right only: give start and end on the same row"
                                    + " (start_y = end_y) or column (start_x = end_x); got " + asked);
        }
        String direction = dx == 0 ? (dy < 0 ? "up" : "down") : (dx < 0 ? "left" : "right");
        int distance = Math.abs(dx == 0 ? dy : dx);
        Optional<ActionResult> refused = act(
                SWIPE,
                Map.of("direction", direction, "x", startX, "y", startY, "distance", distance),
                "Swiped " + direction + " " + distance + " pixels from coordinates: " + startX + ", " + startY,
                timeout);
        return refused.orElseGet(() -> ActionResult.ok("swiped from " + asked + " in " + SWIPE_MS + " ms"
                + (durationMs == SWIPE_MS ? "" : " (mobile-mcp's fixed time; " + durationMs + " ms was asked)")));
    }

    /**
     * Text starting with {@code #} or {@code ~} is refused: mobile-mcp 1.0.4 escapes the other characters the
     * device's shell acts on, not these, and its escaped spaces make the whole text one word, so only a first
     * {@code #} (a comment: nothing is typed) or {@code ~} (the home directory: "/" is typed) is misread.
     */
    @Override
    Optional<String> textRefusal(String text) {
        char first = text.charAt(0);
        if (first == '#' || first == '~') {
            return Optional.of("mobile-mcp cannot type text that starts with '" + first + "' (the device's shell"
                    + " would read it as " + (first == '#' ? "a comment and type nothing" : "the home directory")
                    + "); type the first character another way, or start the text differently");
        }
        return Optional.empty();
    }

    /** Clearing a field is refused, since mobile-mcp has no delete key. */
    @Override
    Optional<String> clearRefusal() {
        return Optional.of("mobile-mcp cannot clear a field (it has no delete key); type without"
                + " clear_current_text, or select the text and type over it");
    }

    /** {@code mobile_type_keys} without submitting; never asked to clear (see {@link #clearRefusal()}). */
    @Override
    Optional<ActionResult> type(String text, boolean clearCurrentText, Duration timeout) throws DriverException {
        return act(TYPE, Map.of("text", text, "submit", false), "Typed text: " + text, timeout);
    }

    /** {@code mobile_press_button} for the keys it has on a phone: back, home, enter, volume up and down. */
    @Override
    public ActionResult pressKey(String keyCode, Duration timeout) throws DriverException {
        String button = BUTTONS.get(keyCode);
        if (button == null) {
            return ActionResult.failed("\"" + keyCode + "\" is not a key mobile-mcp can press; use " + KEYS);
        }
        return act(PRESS, Map.of("button", button), "Pressed the button: " + button, timeout)
                .orElse(ActionResult.ok("pressed " + keyCode));
    }

    /**
     * {@code mobile_launch_app}. {@code app} is a package name, or a word of one ("settings") when
     * exactly one package of {@link #apps()} matches.
     */
    @Override
    public ActionResult launchApp(String app, Duration timeout) throws DriverException {
        List<String> launchable = apps(callTimeout(timeout));
        List<String> candidates = PackageNames.candidates(app, launchable);
        if (candidates.isEmpty()) {
            return ActionResult.failed(
                    "no app with a launcher matches \"" + app + "\"; the apps: " + String.join(", ", launchable));
        }
        if (candidates.size() > 1) {
            return ActionResult.failed("\"" + app + "\" matches several packages (" + String.join(", ", candidates)
                    + "); give the package name");
        }
        String pkg = candidates.get(0);
        return act(LAUNCH, Map.of("packageName", pkg), "Launched app " + pkg, timeout)
                .orElse(ActionResult.ok("launched " + pkg));
    }

    @Override
    void forgetApps() {
        apps.invalidate();
    }

    // ---- DeviceDriver -----------------------------------------------------------------------

    /** The MobileAgent's tools, with what mobile-mcp cannot do said in their descriptions. */
    @Override
    public List<ToolSpec> tools() {
        return SPECS;
    }

    @Override
    public ActionResult execute(Action action, Duration timeout) throws DriverException {
        return MobileTools.execute(this, action, timeout);
    }

    /** Ends the session and stops mobile-mcp with everything it started. */
    @Override
    public void close() {
        mcp.close();
    }

    // ---- internals --------------------------------------------------------------------------

    /**
     * What a tool answered: its text and images, or the message mobile-mcp addresses to the model
     * when it refuses ({@code ActionableError}).
     */
    private record Reply(String text, List<Image> images, Optional<String> refusal) {}

    /**
     * Calls an action tool, which changes the screen or may (so the controls are invalidated), and
     * checks that it answered {@code expected}. Empty when done; a failed result when mobile-mcp refused.
     */
    private Optional<ActionResult> act(String tool, Map<String, Object> arguments, String expected, Duration timeout)
            throws DriverException {
        try {
            Reply reply = call(tool, arguments, timeout);
            if (reply.refusal().isPresent()) {
                return reply.refusal().map(ActionResult::failed);
            }
            MobileMcpReplies.expect(name, tool, reply.text(), expected);
            return Optional.empty();
        } finally {
            screen.invalidate();
        }
    }

    /** {@code mobile_click_on_screen_at_coordinates}. */
    @Override
    Optional<ActionResult> tapAt(int x, int y, Duration timeout) throws DriverException {
        return act(CLICK, Map.of("x", x, "y", y), "Clicked on screen at coordinates: " + x + ", " + y, timeout);
    }

    /** An observation has nothing for the model to correct: a refusal there is the device's failure. */
    private Reply observing(String tool, Reply reply) throws DriverException {
        if (reply.refusal().isPresent()) {
            throw new DriverException(name + ": " + tool + " refused: "
                    + SafeText.line(reply.refusal().get(), 300));
        }
        return reply;
    }

    /**
     * Calls one of mobile-mcp's tools on this device. A call the server's schema would refuse, an
     * {@code isError} result, or a server that is gone, hangs or breaks the session is a
     * {@link DriverException}; a device reported gone is a {@link DeviceUnavailableException}.
     */
    private Reply call(String tool, Map<String, Object> arguments, Duration timeout) throws DriverException {
        Map<String, Object> withDevice = new LinkedHashMap<>();
        withDevice.put("device", serial);
        withDevice.putAll(arguments);
        Action action = new Action(tool, withDevice);
        Optional<String> problem = mcp.problem(action);
        if (problem.isPresent()) {
            throw new DriverException(name + ": " + SafeText.line(mcp.serverName(), 80) + " does not take " + tool
                    + " as this driver calls it (" + problem.get() + "); the driver was verified with"
                    + " @mobilenext/mobile-mcp 1.0.4");
        }
        ActionResult result = mcp.execute(action, callTimeout(timeout));
        if (!result.success()) {
            String reason = result.reason().orElse("");
            gone(reason);
            throw new DriverException(name + ": " + tool + " failed: " + SafeText.line(reason, 300));
        }
        String text = result.output();
        if (text.startsWith("Device \"" + serial + "\" not found")) {
            gone(text);
        }
        if (text.endsWith(REFUSAL)) {
            return new Reply(
                    text,
                    List.of(),
                    Optional.of("mobile-mcp refused " + tool + ": "
                            + SafeText.line(text.substring(0, text.length() - REFUSAL.length() + 1), 300)));
        }
        return new Reply(text, McpDriver.images(result), Optional.empty());
    }

    /** Throws when mobile-mcp, or adb through it, says in a failure that this device is gone. */
    private void gone(String said) throws DeviceUnavailableException {
        if (said.contains("Device \"" + serial + "\" not found")) {
            throw new DeviceUnavailableException(
                    DeviceUnavailableException.Problem.NOT_FOUND,
                    Optional.of(serial),
                    "device " + serial + " is not connected; it disconnected (mobile-mcp said: "
                            + SafeText.line(said, 200) + ")");
        }
        Matcher adb = ADB_GONE.matcher(said);
        if (adb.find() && (adb.group(1) == null || adb.group(1).equals(serial))) {
            DeviceUnavailableException.Problem problem = adb.group(1) != null
                    ? DeviceUnavailableException.Problem.NOT_FOUND
                    : adb.group(2).equals("offline")
                            ? DeviceUnavailableException.Problem.OFFLINE
                            : DeviceUnavailableException.Problem.UNAUTHORIZED;
            throw new DeviceUnavailableException(
                    problem,
                    Optional.of(serial),
                    "device " + serial
                            + (problem == DeviceUnavailableException.Problem.NOT_FOUND
                                    ? " is not connected; it disconnected"
                                    : " is " + adb.group(2))
                            + " (adb said, through mobile-mcp: " + SafeText.line(said, 200) + ")");
        }
    }

    private static ToolSpec spec(ToolSpec adb) {
        Map<String, String> parameters = new LinkedHashMap<>(adb.parameters());
        return switch (adb.name()) {
            case "swipe" ->
                new ToolSpec(
                        "swipe",
                        "Swipe along a row or a column from one point to another (scrolls, drags); mobile-mcp"
                                + " takes " + SWIPE_MS + " ms whatever the duration.",
                        parameters);
            case "type_text" -> {
                parameters.put("text", "printable ASCII text to type, not starting with # or ~");
                parameters.put("clear_current_text", "not available: mobile-mcp cannot delete text");
                yield new ToolSpec("type_text", adb.description(), parameters);
            }
            case "press_key" -> {
                parameters.put("key_code", KEYS);
                yield new ToolSpec("press_key", adb.description(), parameters);
            }
            default -> adb;
        };
    }
}
