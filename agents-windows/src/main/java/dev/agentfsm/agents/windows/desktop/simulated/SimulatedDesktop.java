package dev.agentfsm.agents.windows.desktop.simulated;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedApplication.SimulatedControl;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.GraphicsEnvironment;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import javax.imageio.ImageIO;

/**
 * A desktop of scriptable {@link SimulatedApplication}s, for tests and the demo. Screenshots are real
 * PNG images of the windows, drawn with {@code java.awt} (headless); every call is recorded in
 * {@link #log()} so that tests can tell which actions ran.
 *
 * <pre>{@code
 * SimulatedDocument word = SimulatedDocument.salesReport();
 * SimulatedSheet excel = SimulatedSheet.emptyBook();
 * SimulatedDesktop desktop = SimulatedDesktop.of(word, excel);
 * }</pre>
 */
public final class SimulatedDesktop implements DesktopDriver {
    static final int WIDTH = 1280;
    static final int HEIGHT = 720;

    private final Map<String, SimulatedApplication> apps = new LinkedHashMap<>();
    private final SimulatedClipboard clipboard = new SimulatedClipboard();
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private volatile Optional<String> gone = Optional.empty();

    private SimulatedDesktop(List<SimulatedApplication> applications) {
        int n = 1;
        for (SimulatedApplication app : applications) {
            apps.put("hwnd-" + n++, app);
        }
    }

    /** A desktop showing these applications' windows, front to back. */
    public static SimulatedDesktop of(SimulatedApplication... applications) {
        return new SimulatedDesktop(List.of(applications));
    }

    /** The clipboard the applications share. */
    public SimulatedClipboard clipboard() {
        return clipboard;
    }

    /**
     * Makes the desktop disappear, as a remote session that closed or a machine that went off the network
     * does: from now on every screenshot, control listing and input fails with a {@link DriverException}
     * carrying {@code why}, which moves an agent to its {@code ERROR} state. The window list stays
     * readable ({@link #windows()} declares no failure); the agents' next call on the desktop fails.
     */
    public void disconnect(String why) {
        gone = Optional.of(Objects.requireNonNull(why, "why"));
    }

    /** Every call made on the desktop, in order, e.g. {@code "click Book1 - Excel: Insert Bar Chart"}. */
    public List<String> log() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }

    @Override
    public String name() {
        return "simulated-desktop";
    }

    @Override
    public List<DesktopWindow> windows() {
        List<DesktopWindow> windows = new ArrayList<>();
        apps.forEach((id, app) -> windows.add(window(id, app)));
        return windows;
    }

    @Override
    public byte[] screenshot() throws DriverException {
        requireConnected("screenshot desktop");
        log.add("screenshot desktop");
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = graphics(image);
        g.setColor(new Color(0x1f, 0x4e, 0x79));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        List<SimulatedApplication> backToFront = new ArrayList<>(apps.values());
        Collections.reverse(backToFront);
        for (SimulatedApplication app : backToFront) {
            Rect b = app.bounds();
            Graphics2D w = (Graphics2D) g.create(b.left(), b.top(), b.width(), b.height());
            paintWindow(app, w);
            w.dispose();
        }
        g.dispose();
        return png(image);
    }

    @Override
    public byte[] screenshot(DesktopWindow window) throws DriverException {
        SimulatedApplication app = app(window, "screenshot", "");
        app.frame();
        Rect b = app.bounds();
        BufferedImage image = new BufferedImage(b.width(), b.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = graphics(image);
        paintWindow(app, g);
        g.dispose();
        return png(image);
    }

    @Override
    public List<DesktopControl> controls(DesktopWindow window) throws DriverException {
        SimulatedApplication app = app(window, "controls", "");
        List<DesktopControl> controls = new ArrayList<>();
        for (SimulatedControl c : app.controls()) {
            controls.add(new DesktopControl(
                    c.id(),
                    c.name(),
                    c.type(),
                    c.rect().translate(app.bounds().left(), app.bounds().top())));
        }
        return controls;
    }

    @Override
    public ActionResult focus(DesktopWindow window) throws DriverException {
        SimulatedApplication app = app(window, "focus", "");
        return ActionResult.ok("focused " + app.title());
    }

    @Override
    public ActionResult click(DesktopWindow window, DesktopControl control) throws DriverException {
        SimulatedApplication app = app(window, "click", control.name());
        return onControl(app, control, () -> app.click(find(app, control)));
    }

    @Override
    public ActionResult typeText(DesktopWindow window, DesktopControl control, String text) throws DriverException {
        SimulatedApplication app = app(window, "type", control.name() + " '" + text + "'");
        return onControl(app, control, () -> app.typeText(find(app, control), text));
    }

    @Override
    public ActionResult select(DesktopWindow window, DesktopControl control, String value) throws DriverException {
        SimulatedApplication app = app(window, "select", control.name() + " '" + value + "'");
        return onControl(app, control, () -> app.select(find(app, control), value));
    }

    @Override
    public ActionResult keys(DesktopWindow window, String keys) throws DriverException {
        SimulatedApplication app = app(window, "keys", keys);
        return app.keys(keys, clipboard);
    }

    private static DesktopWindow window(String id, SimulatedApplication app) {
        return new DesktopWindow(id, app.title(), app.appRoot(), app.processName(), app.bounds());
    }

    private SimulatedApplication app(DesktopWindow window, String verb, String detail) throws DriverException {
        requireConnected(verb + " " + window.title());
        SimulatedApplication app = apps.get(window.id());
        if (app == null) {
            throw new DriverException("window " + window.id() + " (" + window.title() + ") is not on " + name()
                    + "; open windows: " + apps.keySet());
        }
        log.add(verb + " " + app.title() + (detail.isEmpty() ? "" : ": " + detail));
        if (app.crashed().isPresent()) {
            throw new DriverException(app.title() + " (" + app.appRoot() + ") stopped responding: "
                    + app.crashed().get());
        }
        return app;
    }

    private void requireConnected(String call) throws DriverException {
        if (gone.isPresent()) {
            log.add(call + ": gone");
            throw new DriverException(name() + " is gone (" + gone.get() + "); " + call + " failed");
        }
    }

    private static ActionResult onControl(
            SimulatedApplication app, DesktopControl control, Supplier<ActionResult> action) {
        boolean present = app.controls().stream().anyMatch(c -> c.id().equals(control.id()));
        if (!present) {
            return ActionResult.failed("control " + control.name() + " (" + control.id() + ") is no longer in "
                    + app.title() + "; take a new screenshot");
        }
        return action.get();
    }

    private static SimulatedControl find(SimulatedApplication app, DesktopControl control) {
        return app.controls().stream()
                .filter(c -> c.id().equals(control.id()))
                .findFirst()
                .orElseThrow();
    }

    private static void paintWindow(SimulatedApplication app, Graphics2D g) {
        Rect b = app.bounds();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, b.width(), b.height());
        g.setColor(new Color(0x2b, 0x57, 0x9a));
        g.fillRect(0, 0, b.width(), SimulatedApplication.TITLE_BAR);
        g.setColor(Color.WHITE);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.drawString(app.title(), 8, 18);
        g.setColor(Color.DARK_GRAY);
        g.drawRect(0, 0, b.width() - 1, b.height() - 1);
        app.paint(g, b.width(), b.height());
    }

    static Graphics2D graphics(BufferedImage image) throws DriverException {
        requireFonts();
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        return g;
    }

    /**
     * Text on a headless JVM needs a font that fontconfig finds; without one, java.awt fails deep in
     * its font code. Say what is missing instead.
     */
    private static void requireFonts() throws DriverException {
        String[] families;
        try {
            families = GraphicsEnvironment.getLocalGraphicsEnvironment().getAvailableFontFamilyNames();
        } catch (RuntimeException | Error e) {
            throw new DriverException(
                    "java.awt cannot load fonts to draw the simulated screenshots (" + e
                            + "); install fontconfig and a TrueType font, e.g. Debian's fonts-dejavu-core",
                    e);
        }
        if (families.length == 0) {
            throw new DriverException("java.awt finds no fonts to draw the simulated screenshots; install fontconfig"
                    + " and a TrueType font, e.g. Debian's fonts-dejavu-core");
        }
    }

    static byte[] png(BufferedImage image) throws DriverException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, "png", out)) {
                throw new DriverException("no PNG writer is available to ImageIO");
            }
        } catch (IOException e) {
            throw new DriverException("could not encode a screenshot as PNG: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }
}
