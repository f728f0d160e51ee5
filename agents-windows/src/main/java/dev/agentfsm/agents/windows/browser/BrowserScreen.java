package dev.agentfsm.agents.windows.browser;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.Screen;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.internal.SafeText;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The browser's front tab as the Operator's {@link Screen}, through the coordinate tools of Playwright's
 * MCP server (its {@code vision} capability, {@code --caps vision}): a click is
 * {@code browser_mouse_click_xy}, a drag {@code browser_mouse_drag_xy} (or, along a longer path,
 * {@code browser_mouse_move_xy}, {@code browser_mouse_down} and {@code _up}), a scroll the pointer moved
 * there and {@code browser_mouse_wheel}, typing and keys {@code browser_press_key}. The screen is the
 * viewport: a look is {@code browser_take_screenshot} in CSS pixels, so a point of the screenshot is the
 * page's point. The page is not asked for its viewport's size: a page can say what it likes
 * ({@code window.innerWidth = 2560}), and a screen that believed it would move every click.
 *
 * <p>Each look also reads the tab's ARIA snapshot (with {@code --snapshot-boxes}), only to say what lies
 * at a point: "click at (57, 20) on Button 'Delete Table' in 'Sales Report - Docs'", for the user who
 * confirms it and for the model. The actions themselves go to the coordinates, as a person's mouse does.
 *
 * <p>Made by {@link BrowserDesktop#screen()}, on the desktop's session; the HostAgent selects the tab of
 * the window it assigns, which is then the front tab the Operator sees.
 */
public final class BrowserScreen implements Screen {
    /** The server's coordinate tools this screen calls; the server offers them with {@code --caps vision}. */
    static final Set<String> COORDINATE_TOOLS = Set.of(
            "browser_mouse_click_xy",
            "browser_mouse_move_xy",
            "browser_mouse_drag_xy",
            "browser_mouse_down",
            "browser_mouse_up",
            "browser_mouse_wheel",
            "browser_press_key");
    /** The buttons {@code browser_mouse_click_xy} takes. */
    private static final Set<String> BUTTONS = Set.of("left", "right", "middle");
    /** How many characters of the page's title (and of its address) the model and the user are shown. */
    private static final int SHOWN_TITLE = 200;
    /** The characters {@code browser_press_key} presses as keys of its keyboard: printable ASCII. */
    private static final Pattern KEYBOARD = Pattern.compile("[\\x20-\\x7e\\n\\t]*");

    // UNIX_LINES: only a newline ends the server's line; a title may hold U+2028 or U+0085, which Java would end it at
    private static final Pattern TITLE =
            Pattern.compile("^- Page Title: (.*)$", Pattern.MULTILINE | Pattern.UNIX_LINES);

    /**
     * The page as the last look saw it.
     *
     * @param view the screenshot and its size, in the page's CSS pixels
     * @param title the page's title, as the page set it
     * @param controls the snapshot's named controls, in CSS pixels
     */
    private record Look(ScreenView view, String title, List<DesktopControl> controls) {}

    private final BrowserDesktop desktop;
    private Optional<Look> last = Optional.empty();

    BrowserScreen(BrowserDesktop desktop) {
        this.desktop = Objects.requireNonNull(desktop, "desktop");
        Set<String> offered = desktop.toolNames();
        List<String> missing = COORDINATE_TOOLS.stream()
                .filter(tool -> !offered.contains(tool))
                .sorted()
                .toList();
        if (!missing.isEmpty()) {
            throw new IllegalStateException(desktop.name() + " offers no " + String.join(", ", missing)
                    + ": the Operator needs Playwright's coordinate tools; start the server with --caps vision"
                    + " (BrowserDesktop.command does)");
        }
    }

    @Override
    public String name() {
        return desktop.name();
    }

    /** The front tab's screenshot and its snapshot. */
    @Override
    public ScreenView look() throws DriverException {
        ScreenView view = ScreenView.of(desktop.screenshot(), name());
        String snapshot = desktop.whole(
                "browser_snapshot", succeeded("browser_snapshot", desktop.call("browser_snapshot", Map.of())));
        Matcher title = TITLE.matcher(snapshot);
        last = Optional.of(
                new Look(view, title.find() ? title.group(1).strip() : "", BrowserDesktop.controls(snapshot)));
        return view;
    }

    @Override
    public Optional<String> at(Point point) {
        return last.filter(look -> look.view().contains(point))
                .map(look -> look.controls().stream()
                                .filter(c -> c.rect().contains(point.x(), point.y()))
                                .min(Comparator.comparingLong(
                                        c -> (long) c.rect().width() * c.rect().height()))
                                .map(c -> c.shownType() + " '" + c.shownName() + "' in ")
                                .orElse("")
                        + "'" + SafeText.line(look.title(), SHOWN_TITLE) + "'");
    }

    @Override
    public ActionResult click(Point at, String button) throws DriverException {
        if (!BUTTONS.contains(button)) {
            return ActionResult.failed("the browser clicks the left, right or middle button only, not the " + button
                    + " button; nothing was clicked");
        }
        requireLook();
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("x", at.x());
        arguments.put("y", at.y());
        if (!button.equals("left")) {
            arguments.put("button", button);
        }
        return done(desktop.call("browser_mouse_click_xy", arguments), "clicked the " + button + " button");
    }

    @Override
    public ActionResult doubleClick(Point at) throws DriverException {
        requireLook();
        return done(
                desktop.call("browser_mouse_click_xy", Map.of("x", at.x(), "y", at.y(), "clickCount", 2)),
                "double-clicked");
    }

    /**
     * Presses the text's keys one by one (a new line is Enter, a tab Tab) when all are keys of the
     * server's keyboard (printable ASCII); otherwise types the text into the focused element, which
     * takes any character but needs a focused element.
     */
    @Override
    public ActionResult type(String text) throws DriverException {
        if (!KEYBOARD.matcher(text).matches()) {
            ActionResult typed = desktop.call("browser_type", Map.of("target", ":focus", "text", text, "slowly", true));
            return typed.success()
                    ? ActionResult.ok("typed " + text.codePointCount(0, text.length()) + " characters")
                    : ActionResult.failed("could not type '" + SafeText.line(text, 60) + "' into the element that has"
                            + " the focus (click the field first); nothing was typed: "
                            + SafeText.line(typed.reason().orElse("the server gave no reason"), 200));
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String key = c == '\n' ? "Enter" : c == '\t' ? "Tab" : String.valueOf(c);
            ActionResult pressed = desktop.call("browser_press_key", Map.of("key", key));
            if (!pressed.success()) {
                return ActionResult.failed("typing stopped after " + i + " of " + text.length() + " characters: "
                        + SafeText.line(pressed.reason().orElse(""), 200));
            }
        }
        return ActionResult.ok("typed " + text.length() + " characters");
    }

    @Override
    public ActionResult keys(String keys) throws DriverException {
        return desktop.press(keys);
    }

    /** The pointer moved to {@code at}, then the wheel turned by the scroll's pixels. */
    @Override
    public ActionResult scroll(Point at, int scrollX, int scrollY) throws DriverException {
        requireLook();
        ActionResult moved = desktop.call("browser_mouse_move_xy", Map.of("x", at.x(), "y", at.y()));
        if (!moved.success()) {
            return done(moved, "");
        }
        return done(desktop.call("browser_mouse_wheel", Map.of("deltaX", scrollX, "deltaY", scrollY)), "scrolled");
    }

    /** Two points: {@code browser_mouse_drag_xy}; more: down at the first, through each, up at the last. */
    @Override
    public ActionResult drag(List<Point> path) throws DriverException {
        requireLook();
        Point from = path.get(0);
        Point to = path.get(path.size() - 1);
        if (path.size() == 2) {
            return done(
                    desktop.call(
                            "browser_mouse_drag_xy",
                            Map.of(
                                    "startX", from.x(),
                                    "startY", from.y(),
                                    "endX", to.x(),
                                    "endY", to.y())),
                    "dragged");
        }
        ActionResult step = desktop.call("browser_mouse_move_xy", Map.of("x", from.x(), "y", from.y()));
        if (step.success()) {
            step = desktop.call("browser_mouse_down", Map.of());
        }
        for (int i = 1; i < path.size() && step.success(); i++) {
            step = desktop.call(
                    "browser_mouse_move_xy",
                    Map.of("x", path.get(i).x(), "y", path.get(i).y()));
        }
        // released even when a move failed, so that the button is not left down
        ActionResult up = desktop.call("browser_mouse_up", Map.of());
        return done(step.success() ? up : step, "dragged through " + path.size() + " points");
    }

    private void requireLook() {
        if (last.isEmpty()) {
            throw new IllegalStateException(
                    name() + " has not been looked at yet; an action's coordinates are those of a screenshot");
        }
    }

    /** The action's outcome for the model: what was done, and the page's new address or title if it changed. */
    private ActionResult done(ActionResult result, String what) {
        if (!result.success()) {
            return ActionResult.failed(SafeText.line(result.reason().orElse("the server gave no reason"), 300));
        }
        String page = result.output()
                .lines()
                .filter(line -> line.startsWith("- Page URL: ") || line.startsWith("- Page Title: "))
                .map(line -> SafeText.line(line.substring(2), SHOWN_TITLE))
                .collect(Collectors.joining("; "));
        return ActionResult.ok(page.isEmpty() ? what : what + "; " + page);
    }

    private ActionResult succeeded(String tool, ActionResult result) throws DriverException {
        if (!result.success()) {
            throw new DriverException(name() + ": " + tool + " failed: "
                    + SafeText.line(result.reason().orElse(""), 300));
        }
        return result;
    }
}
