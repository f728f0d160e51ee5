package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.screen.ComputerAction;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.Screen;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link DesktopDriver} as the Operator's {@link Screen}. The desktop acts on controls, so each point
 * resolves to the front-most window there and its smallest control there, as the last look saw them: a
 * click clicks that control and gives it the focus, typing goes to the focused control, keys to its
 * window (or to the window the host focused), and a drag selects the range between two controls in the
 * control holding both (two cells of a sheet: {@code A1:B2}). The desktop has no scrolling and no right
 * click, so those are refused, as is a point on no control, each with a reason the model reads.
 */
final class DesktopScreen implements Screen {

    /**
     * A window and its controls, as the last look saw them.
     *
     * @param window the window
     * @param controls its controls, in screen coordinates
     */
    private record WindowControls(DesktopWindow window, List<DesktopControl> controls) {
        WindowControls {
            Objects.requireNonNull(window, "window");
            controls = List.copyOf(controls);
        }
    }

    /**
     * What lies at a point of the screen: a window, and the smallest of its controls there, if any.
     *
     * @param window the front-most window covering the point
     * @param control the smallest control of that window covering the point
     */
    private record Target(DesktopWindow window, Optional<DesktopControl> control) {}

    private final DesktopDriver desktop;
    /** The windows with their controls, front to back, at the last look. */
    private List<WindowControls> windows = List.of();
    /** Where the last click (or the host) put the keyboard focus. */
    private Optional<Target> focus = Optional.empty();

    DesktopScreen(DesktopDriver desktop) {
        this.desktop = Objects.requireNonNull(desktop, "desktop");
    }

    @Override
    public String name() {
        return desktop.name();
    }

    /** The desktop's screenshot, and every window's controls to resolve the actions' points on. */
    @Override
    public ScreenView look() throws DriverException {
        List<WindowControls> seen = new ArrayList<>();
        for (DesktopWindow window : desktop.windows()) {
            seen.add(new WindowControls(window, desktop.controls(window)));
        }
        ScreenView view = ScreenView.of(desktop.screenshot(), desktop.name());
        windows = List.copyOf(seen);
        return view;
    }

    @Override
    public Optional<String> at(Point point) {
        return target(point)
                .map(t -> t.control()
                                .map(c -> c.shownType() + " '" + c.shownName() + "' in ")
                                .orElse("")
                        + "'" + t.window().shownTitle() + "'");
    }

    @Override
    public void focused(DesktopWindow window) {
        focus = Optional.of(new Target(window, Optional.empty()));
    }

    @Override
    public ActionResult click(Point at, String button) throws DriverException {
        if (!button.equals("left")) {
            return ActionResult.failed(new ComputerAction.Click(at, button).describe()
                    + ": only left clicks are possible here (the desktop driver clicks controls); nothing was clicked");
        }
        Optional<Target> target = target(at);
        if (target.isEmpty()) {
            return ActionResult.failed(
                    "there is no window at " + at + ", only the desktop background; nothing was clicked");
        }
        if (target.get().control().isEmpty()) {
            return ActionResult.failed("there is no control at " + at + " in '"
                    + target.get().window().shownTitle()
                    + "'; click on a button, a field or a cell; nothing was clicked");
        }
        ActionResult result =
                desktop.click(target.get().window(), target.get().control().get());
        if (result.success()) {
            focus = target;
        }
        return result;
    }

    @Override
    public ActionResult doubleClick(Point at) throws DriverException {
        ActionResult first = click(at, "left");
        return first.success() ? click(at, "left") : first;
    }

    @Override
    public ActionResult type(String text) throws DriverException {
        if (focus.isEmpty() || focus.get().control().isEmpty()) {
            return ActionResult.failed(
                    "nothing has the focus: click the field or cell to type into first; nothing was typed");
        }
        return desktop.typeText(focus.get().window(), focus.get().control().get(), text);
    }

    @Override
    public ActionResult keys(String keys) throws DriverException {
        if (focus.isEmpty()) {
            return ActionResult.failed("no window has the focus: click into a window first; no key was pressed");
        }
        return desktop.keys(focus.get().window(), keys);
    }

    @Override
    public ActionResult scroll(Point at, int scrollX, int scrollY) throws DriverException {
        return ActionResult.failed(new ComputerAction.Scroll(at, scrollX, scrollY).describe() + ": " + desktop.name()
                + " cannot scroll (the desktop driver has no scrolling), and "
                + target(at).map(t -> "'" + t.window().shownTitle() + "'").orElse("the desktop")
                + " shows all it holds; nothing moved");
    }

    /** A drag selects the range between two controls of one window (two cells of a sheet) in the control holding both. */
    @Override
    public ActionResult drag(List<Point> path) throws DriverException {
        Point from = path.get(0);
        Point to = path.get(path.size() - 1);
        Optional<Target> start = target(from);
        Optional<Target> end = target(to);
        String refused = new ComputerAction.Drag(path).describe()
                + " selects nothing: a drag selects the range between two controls of one window, such as two cells"
                + " of a sheet";
        if (start.isEmpty()
                || end.isEmpty()
                || start.get().control().isEmpty()
                || end.get().control().isEmpty()
                || !start.get().window().id().equals(end.get().window().id())) {
            return ActionResult.failed(refused + "; nothing was dragged");
        }
        DesktopControl first = start.get().control().get();
        DesktopControl last = end.get().control().get();
        List<DesktopControl> holders = new ArrayList<>(controls(start.get().window()));
        holders.removeIf(c -> c.id().equals(first.id())
                || c.id().equals(last.id())
                || !c.rect().contains(from.x(), from.y())
                || !c.rect().contains(to.x(), to.y()));
        Optional<DesktopControl> holder = holders.stream().min(Comparator.comparingLong(c -> area(c.rect())));
        if (holder.isEmpty()) {
            return ActionResult.failed(refused + "; '" + first.shownName() + "' and '" + last.shownName()
                    + "' are in no control" + " together; nothing was dragged");
        }
        ActionResult result = desktop.select(start.get().window(), holder.get(), first.name() + ":" + last.name());
        if (result.success()) {
            focus = Optional.of(new Target(start.get().window(), holder));
        }
        return result;
    }

    /** The front-most window at {@code point} and its smallest control there, as last seen. */
    private Optional<Target> target(Point point) {
        for (WindowControls window : windows) {
            if (window.window().bounds().contains(point.x(), point.y())) {
                return Optional.of(new Target(
                        window.window(),
                        window.controls().stream()
                                .filter(c -> c.rect().contains(point.x(), point.y()))
                                .min(Comparator.comparingLong(c -> area(c.rect())))));
            }
        }
        return Optional.empty();
    }

    /** The controls of {@code window}, as last seen. */
    private List<DesktopControl> controls(DesktopWindow window) {
        return windows.stream()
                .filter(w -> w.window().id().equals(window.id()))
                .findFirst()
                .map(WindowControls::controls)
                .orElse(List.of());
    }

    private static long area(Rect rect) {
        return (long) rect.width() * rect.height();
    }
}
