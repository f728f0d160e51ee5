package dev.agentfsm.agents.windows.browser;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.mcp.McpDriver;
import dev.agentfsm.mcp.McpOptions;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The Windows agents' desktop as a real browser, through Playwright's MCP server ({@code @playwright/mcp})
 * and the {@link McpDriver}: each tab is a window, the elements of the tab's ARIA snapshot are its
 * controls (with the bounding boxes of {@code --snapshot-boxes}), and screenshots come from the server.
 * Clicks and typing go to the snapshot's element refs ({@code browser_click}, {@code browser_type}),
 * keys in UFO's notation are translated to Playwright's ({@code "^c"} is {@code Control+c}).
 *
 * <p>A window's title is its page's title; its application ({@link DesktopWindow#appRoot()}) is the
 * page's file name, e.g. {@code report.html}, and its process the tab, e.g. {@code tab-0}, so that the
 * HostAgent keeps one AppAgent per page. A control is an element with a name and one of the roles in
 * {@link #CONTROL_ROLES}, in the snapshot's order; its id is the snapshot's ref.
 *
 * <p>Start the server with {@link #command}; it needs {@code --snapshot-boxes} for the controls'
 * rectangles, and the clipboard permissions for pages that copy and paste.
 */
public final class BrowserDesktop implements DesktopDriver {
    /** The ARIA roles whose named elements are controls an agent acts on. */
    public static final Set<String> CONTROL_ROLES = Set.of(
            "button",
            "textbox",
            "table",
            "grid",
            "combobox",
            "listbox",
            "link",
            "checkbox",
            "radio",
            "searchbox",
            "spinbutton",
            "slider",
            "tab",
            "menuitem",
            "region",
            "img");
    /** The viewport, which is each window's bounds. */
    public static final Rect VIEWPORT = new Rect(0, 0, 1280, 720);

    // UNIX_LINES: the server ends a line with a newline only; a page's title or an element's name may hold U+2028,
    // U+2029 or U+0085, at which Java's ^, $ and . would otherwise end the line and read the rest as a line of its own
    private static final Pattern TAB = Pattern.compile(
            "^- (\\d+): (\\(current\\) )?\\[(.*)\\]\\((.*)\\)$", Pattern.MULTILINE | Pattern.UNIX_LINES);
    private static final Pattern ELEMENT = Pattern.compile(
            "^\\s*- ([a-z]+)(?: \"((?:[^\"\\\\]|\\\\.)*)\")?([^\\n]*?)\\[ref=([a-z0-9]+)\\]([^\\n]*)$",
            Pattern.MULTILINE | Pattern.UNIX_LINES);
    private static final Pattern BOX = Pattern.compile("\\[box=(-?\\d+),(-?\\d+),(\\d+),(\\d+)\\]");

    private final McpDriver browser;
    private final Duration timeout;
    private int current = -1;

    /**
     * @param browser a session with Playwright's MCP server, started with {@link #command}
     * @param timeout each call's time-out (the runtime's {@code actionTimeout} is a good one)
     */
    public BrowserDesktop(McpDriver browser, Duration timeout) {
        this.browser = Objects.requireNonNull(browser, "browser");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /**
     * The command that starts Playwright's MCP server for this desktop: headless, isolated (a profile in
     * memory), the given Chromium, snapshots with boxes, a 1280x720 viewport, the clipboard granted, and
     * the coordinate tools ({@code --caps vision}) for the Operator's {@link #screen()}.
     *
     * @param playwrightMcp the {@code playwright-mcp} command, e.g. {@code .tools/playwright-mcp/node_modules/.bin/playwright-mcp}
     * @param chromium the browser, e.g. {@code /usr/bin/chromium}
     * @param outputDirectory where the server writes files it names itself
     */
    public static List<String> command(String playwrightMcp, String chromium, String outputDirectory) {
        return List.of(
                playwrightMcp,
                "--headless",
                "--browser",
                "chromium",
                "--executable-path",
                chromium,
                "--no-sandbox",
                "--isolated",
                "--snapshot-boxes",
                "--caps",
                "vision",
                "--snapshot-mode",
                "none",
                "--viewport-size",
                "1280x720",
                "--grant-permissions",
                "clipboard-read",
                "clipboard-write",
                "--output-dir",
                outputDirectory);
    }

    /**
     * Shows exactly these pages: closes every tab but the first, opens each URL in a tab of its own (the
     * first in the first tab), and leaves the first in front.
     */
    public void open(List<URI> urls) throws DriverException {
        for (int tab = windows().size() - 1; tab > 0; tab--) {
            call("browser_tabs", Map.of("action", "close", "index", tab));
        }
        current = -1;
        for (int i = 0; i < urls.size(); i++) {
            String url = urls.get(i).toString();
            if (i == 0) {
                call("browser_navigate", Map.of("url", url));
            } else {
                call("browser_tabs", Map.of("action", "new", "url", url));
            }
        }
        select(0);
    }

    @Override
    public String name() {
        return "browser:" + browser.name();
    }

    @Override
    public List<DesktopWindow> windows() throws DriverException {
        String list = whole("browser_tabs", call("browser_tabs", Map.of("action", "list")));
        List<DesktopWindow> windows = new ArrayList<>();
        Matcher tab = TAB.matcher(list);
        while (tab.find()) {
            int index = Integer.parseInt(tab.group(1));
            if (tab.group(2) != null) {
                current = index;
            }
            windows.add(new DesktopWindow(
                    Integer.toString(index), tab.group(3), page(tab.group(4)), "tab-" + index, VIEWPORT));
        }
        return windows;
    }

    /**
     * The page's file name: the last segment of the address's path, as the address writes it (not decoded), or
     * the whole address when its path has none ({@code about:blank}, {@code http://host/}). Read as text, not
     * with {@link URI}: the browser keeps characters in a path that {@code URI} refuses ({@code |}, {@code ^}),
     * and a page can go to such an address ({@code history.replaceState}).
     */
    static String page(String url) {
        String address = url.split("[?#]", 2)[0];
        int authority = address.indexOf("://");
        int path = authority < 0 ? -1 : address.indexOf('/', authority + 3);
        String page = path < 0 ? "" : address.substring(address.lastIndexOf('/') + 1);
        return page.isEmpty() ? url : page;
    }

    @Override
    public byte[] screenshot() throws DriverException {
        ActionResult shot = call("browser_take_screenshot", Map.of("type", "png", "scale", "css"));
        List<Image> images = McpDriver.images(shot);
        if (images.isEmpty()) {
            throw new DriverException(
                    name() + ": browser_take_screenshot returned no image: " + SafeText.line(shot.output(), 200));
        }
        return images.get(0).data();
    }

    @Override
    public byte[] screenshot(DesktopWindow window) throws DriverException {
        select(window);
        return screenshot();
    }

    @Override
    public List<DesktopControl> controls(DesktopWindow window) throws DriverException {
        select(window);
        return controls(whole("browser_snapshot", call("browser_snapshot", Map.of())));
    }

    /**
     * The text of a tool's result that is read whole (the tab list, a page's snapshot). A result the MCP driver
     * cut at its {@link McpOptions#maxResultChars()} is refused: the tabs or controls after the cut would be
     * missing without a word, and the agent would act on a page it only partly saw.
     */
    String whole(String tool, ActionResult result) throws DriverException {
        Object read = result.data().get(McpDriver.CUT);
        if (read != null) {
            throw new DriverException(name() + ": " + tool + "'s answer was cut after " + read
                    + " characters (the MCP driver's maxResultChars), so the tabs or controls after the cut are"
                    + " unknown; connect the driver with McpOptions.DEFAULTS.withMaxResultChars(...) large enough"
                    + " for the page (a long title or a large page makes a long snapshot)");
        }
        return result.output();
    }

    /** The controls of an ARIA snapshot as {@code browser_snapshot} writes it, in its order. */
    static List<DesktopControl> controls(String snapshot) {
        Map<String, DesktopControl> controls = new LinkedHashMap<>();
        Matcher element = ELEMENT.matcher(snapshot);
        while (element.find()) {
            String role = element.group(1);
            String name = element.group(2) == null
                    ? ""
                    : element.group(2).replace("\\\"", "\"").replace("\\\\", "\\");
            if (!CONTROL_ROLES.contains(role) || name.isEmpty()) {
                continue;
            }
            Matcher box = BOX.matcher(element.group(3) + element.group(5));
            Rect rect = box.find()
                    ? Rect.of(
                            Integer.parseInt(box.group(1)),
                            Integer.parseInt(box.group(2)),
                            Integer.parseInt(box.group(3)),
                            Integer.parseInt(box.group(4)))
                    : new Rect(0, 0, 0, 0);
            String type = role.substring(0, 1).toUpperCase(Locale.ROOT) + role.substring(1);
            controls.putIfAbsent(element.group(4), new DesktopControl(element.group(4), name, type, rect));
        }
        return List.copyOf(controls.values());
    }

    @Override
    public ActionResult focus(DesktopWindow window) throws DriverException {
        select(window);
        return ActionResult.ok("focused " + window.shownTitle());
    }

    @Override
    public ActionResult click(DesktopWindow window, DesktopControl control) throws DriverException {
        select(window);
        return call("browser_click", Map.of("target", control.id(), "element", describe(control)));
    }

    @Override
    public ActionResult typeText(DesktopWindow window, DesktopControl control, String text) throws DriverException {
        select(window);
        return call("browser_type", Map.of("target", control.id(), "element", describe(control), "text", text));
    }

    /**
     * A list or combo box: the option named {@code value}. Any other control (a spreadsheet's name box,
     * a search box): {@code value} typed into it and submitted with Enter, which is how a web page selects
     * a range or runs a search.
     */
    @Override
    public ActionResult select(DesktopWindow window, DesktopControl control, String value) throws DriverException {
        select(window);
        if (control.type().equals("Combobox") || control.type().equals("Listbox")) {
            return call(
                    "browser_select_option",
                    Map.of("target", control.id(), "element", describe(control), "values", List.of(value)));
        }
        return call(
                "browser_type",
                Map.of("target", control.id(), "element", describe(control), "text", value, "submit", true));
    }

    @Override
    public ActionResult keys(DesktopWindow window, String keys) throws DriverException {
        select(window);
        return press(keys);
    }

    /** Presses keys in UFO's notation in the current tab. */
    ActionResult press(String keys) throws DriverException {
        List<String> presses;
        try {
            presses = Keys.playwright(keys);
        } catch (IllegalArgumentException e) {
            return ActionResult.failed(e.getMessage());
        }
        ActionResult last = ActionResult.failed("no keys in '" + keys + "'");
        for (String key : presses) {
            last = call("browser_press_key", Map.of("key", key));
            if (!last.success()) {
                return last;
            }
        }
        return last.success() ? ActionResult.ok("pressed " + String.join(" ", presses)) : last;
    }

    /** Runs a JavaScript function in a tab and returns what it returned, as the server shows it. */
    public String evaluate(DesktopWindow window, String function) throws DriverException {
        select(window);
        return evaluated(function).output();
    }

    /** Runs a JavaScript function in the current tab and returns its result's text (JSON). */
    String evaluate(String function) throws DriverException {
        return result(evaluated(function).output());
    }

    private ActionResult evaluated(String function) throws DriverException {
        ActionResult result = call("browser_evaluate", Map.of("function", function));
        if (!result.success()) {
            throw new DriverException(name() + ": browser_evaluate failed: "
                    + SafeText.line(result.reason().orElse(""), 300));
        }
        return result;
    }

    /** The text of a {@code browser_evaluate} result: what follows {@code ### Result}, up to the next section. */
    static String result(String output) throws DriverException {
        int start = output.indexOf("### Result\n");
        if (start < 0) {
            throw new DriverException("browser_evaluate gave no result: " + SafeText.line(output, 300));
        }
        String rest = output.substring(start + "### Result\n".length());
        int end = rest.indexOf("\n###");
        return (end < 0 ? rest : rest.substring(0, end)).strip();
    }

    /**
     * The current tab as a screen the Operator acts on by coordinates, through the server's coordinate
     * tools; the HostAgent takes it with {@code HostAgent.Builder.operatorScreen}.
     *
     * @throws IllegalStateException when the server offers no coordinate tools (it was started without
     *     {@code --caps vision})
     */
    public BrowserScreen screen() {
        return new BrowserScreen(this);
    }

    /** The names of the server's tools. */
    Set<String> toolNames() {
        return browser.tools().stream().map(ToolSpec::name).collect(Collectors.toUnmodifiableSet());
    }

    /** Closes the MCP session, which ends the server and its browser. */
    @Override
    public void close() {
        browser.close();
    }

    /**
     * Brings {@code window}'s tab to the front, after checking that the tab still shows the window's page: a
     * tab is known only by its index, so a closed tab (the ones after it move down), a browser that ended
     * (the server starts a new, empty one) or a tab gone to another page would otherwise be acted on as the
     * window an agent was given.
     */
    private void select(DesktopWindow window) throws DriverException {
        OptionalInt index = parseIndex(window.id());
        if (index.isEmpty()) {
            throw new DriverException(name() + ": '" + window.id() + "' is not a tab of this browser");
        }
        List<DesktopWindow> now = windows();
        DesktopWindow tab = now.stream()
                .filter(w -> w.id().equals(window.id()))
                .findFirst()
                .orElseThrow(() -> new DriverException(name() + ": tab " + window.id() + " ('" + window.shownTitle()
                        + "') is gone: the browser has " + now.size() + " tab(s) now; the page was closed or the"
                        + " browser ended: open the pages again (open(urls)) and start a new round"));
        if (!tab.appRoot().equals(window.appRoot())) {
            throw new DriverException(name() + ": tab " + window.id() + " shows " + tab.shownApp() + " ('"
                    + tab.shownTitle() + "') now, not " + window.shownApp() + " ('" + window.shownTitle()
                    + "'): a tab before"
                    + " it was closed, the browser ended, or the page went elsewhere: open the pages again"
                    + " (open(urls)) and start a new round");
        }
        select(index.getAsInt());
    }

    private void select(int index) throws DriverException {
        if (index != current) {
            ActionResult selected = call("browser_tabs", Map.of("action", "select", "index", index));
            if (!selected.success()) {
                throw new DriverException(name() + ": tab " + index + " is gone: "
                        + SafeText.line(selected.reason().orElse(""), 200));
            }
            current = index;
        }
    }

    private static OptionalInt parseIndex(String id) {
        try {
            return OptionalInt.of(Integer.parseInt(id));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    private static String describe(DesktopControl control) {
        return control.type() + " '" + control.name() + "'";
    }

    /** Calls one of the server's tools in the current tab. */
    ActionResult call(String tool, Map<String, Object> arguments) throws DriverException {
        return browser.execute(new Action(tool, arguments), timeout);
    }
}
