package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What both drivers do the same way around the screen's controls: the controls are cached in
 * {@link ScreenControls} and refused once stale, an observation is a screenshot plus the controls,
 * a control is clicked or typed into at its centre (with the note when the LLM named it otherwise),
 * text is checked before it is typed, and every call's time-out is capped by the command time-out.
 * Each driver says how it reads the screen, taps a point and types.
 */
abstract class AbstractMobileDevice implements MobileDevice {
    final Duration commandTimeout;
    final ScreenControls screen;
    private final Duration tapSettle;
    private volatile Optional<Png.Size> screenSize = Optional.empty();

    AbstractMobileDevice(MobileDevice.Builder settings) {
        this.commandTimeout = settings.commandTimeout;
        this.tapSettle = settings.tapSettle;
        this.screen = new ScreenControls(settings.controlsTtl, settings.clock);
    }

    /** A screenshot as PNG, taking at most {@code timeout}. */
    abstract byte[] screenshot(Duration timeout) throws DriverException;

    /** Reads the screen's tree and its controls from the device. */
    abstract ScreenControls.Snapshot readScreen(Duration timeout) throws DriverException;

    /**
     * Taps ({@code x}, {@code y}) and invalidates the controls; empty when done, a failed result when
     * the device refused with a message for the LLM.
     */
    abstract Optional<ActionResult> tapAt(int x, int y, Duration timeout) throws DriverException;

    /**
     * Types {@code text} (already checked by {@link InputText}) into the focused field, deleting its
     * text first when {@code clearCurrentText} is true; empty when done, a failed result when refused.
     */
    abstract Optional<ActionResult> type(String text, boolean clearCurrentText, Duration timeout)
            throws DriverException;

    /** Why this driver cannot type {@code text} (already checked by {@link InputText}); empty when it can. */
    Optional<String> textRefusal(String text) {
        return Optional.empty();
    }

    /** Why this driver cannot clear a field before typing; empty when it can. */
    Optional<String> clearRefusal() {
        return Optional.empty();
    }

    @Override
    public byte[] screenshot() throws DriverException {
        return seen(screenshot(commandTimeout));
    }

    /** Keeps the size of {@code png}, the screen's as the LLM last saw it, to check the points it gives. */
    private byte[] seen(byte[] png) {
        Png.size(png).ifPresent(size -> screenSize = Optional.of(size));
        return png;
    }

    /**
     * A refusal naming the first of {@code points} ({@code x, y} pairs) outside the last screenshot, which
     * the device would take without complaint (adb's {@code input tap} returns 0 for a point on no window);
     * empty when they are all on it, or before any screenshot.
     */
    Optional<ActionResult> offScreen(String what, int... points) {
        Optional<Png.Size> size = screenSize;
        if (size.isEmpty()) {
            return Optional.empty();
        }
        int width = size.get().width();
        int height = size.get().height();
        for (int i = 0; i + 1 < points.length; i += 2) {
            int x = points[i];
            int y = points[i + 1];
            if (x < 0 || y < 0 || x >= width || y >= height) {
                return Optional.of(ActionResult.failed(what + " at (" + x + ", " + y
                        + ") is outside the screen, which is "
                        + width + "x" + height + " pixels (x from 0 to " + (width - 1) + ", y from 0 to " + (height - 1)
                        + "); nothing was done"));
            }
        }
        return Optional.empty();
    }

    @Override
    public List<Control> controls() throws DriverException {
        return screen.read(() -> readScreen(commandTimeout)).controls();
    }

    /**
     * Types {@code text}: first taps the centre of the control when one is given (and waits for the
     * keyboard), then the driver types it. Text the device cannot type, or a stale control id, is refused.
     */
    @Override
    public ActionResult typeText(
            String text,
            Optional<Integer> controlId,
            Optional<String> controlName,
            boolean clearCurrentText,
            Duration timeout)
            throws DriverException {
        try {
            InputText.escape(text);
        } catch (IllegalArgumentException e) {
            return ActionResult.failed(e.getMessage());
        }
        Optional<String> untypeable = textRefusal(text);
        if (untypeable.isPresent()) {
            return ActionResult.failed(untypeable.get());
        }
        if (clearCurrentText) {
            Optional<String> refusal = clearRefusal();
            if (refusal.isPresent()) {
                return ActionResult.failed(refusal.get());
            }
        }
        String note = "";
        if (controlId.isPresent()) {
            ScreenControls.Usable usable = screen.usable(controlId.get());
            if (usable.control().isEmpty()) {
                return ActionResult.failed(usable.refusal().orElseThrow());
            }
            Control control = usable.control().get();
            note = ScreenControls.nameMismatch(control, controlName);
            Optional<ActionResult> refused =
                    tapAt(control.rect().centerX(), control.rect().centerY(), timeout);
            if (refused.isPresent()) {
                return refused.get();
            }
            settle();
        }
        return type(text, clearCurrentText, timeout).orElse(ActionResult.ok("typed \"" + text + "\"" + note));
    }

    /** Taps the centre of control {@code id} from the current controls; refuses an id whose controls are stale. */
    @Override
    public ActionResult clickControl(int id, Optional<String> name, Duration timeout) throws DriverException {
        ScreenControls.Usable usable = screen.usable(id);
        if (usable.control().isEmpty()) {
            return ActionResult.failed(usable.refusal().orElseThrow());
        }
        Control control = usable.control().get();
        int x = control.rect().centerX();
        int y = control.rect().centerY();
        return tapAt(x, y, timeout)
                .orElseGet(() -> ActionResult.ok("clicked control " + id + " " + control.shownType() + " \""
                        + control.shownName() + "\" at (" + x + ", " + y + ")"
                        + ScreenControls.nameMismatch(control, name)));
    }

    /** A screenshot, the screen's tree, and the controls as text for the prompt. */
    @Override
    public Observation observe(Duration timeout) throws DriverException {
        Duration call = callTimeout(timeout);
        byte[] png = seen(screenshot(call));
        ScreenControls.Snapshot snapshot = screen.read(() -> readScreen(call));
        return new Observation(
                Optional.of(png),
                Optional.of(snapshot.tree()),
                Optional.of(ScreenControls.describe(snapshot.controls())));
    }

    /** Forgets the cached apps. */
    abstract void forgetApps();

    /** Forgets the cached device information; false when the driver keeps none. */
    boolean forgetDeviceInfo() {
        return false;
    }

    /**
     * Forgets cached data: {@code controls} (or {@code ui_tree}), {@code apps}, {@code device_info}
     * (where the driver keeps it) or {@code all}.
     */
    @Override
    public ActionResult invalidateCache(String cacheType) {
        switch (cacheType) {
            case "controls", "ui_tree" -> screen.invalidate();
            case "apps" -> forgetApps();
            case "device_info" -> {
                if (!forgetDeviceInfo()) {
                    return ActionResult.ok("invalidated device_info (this driver keeps none)");
                }
            }
            case "all" -> {
                screen.invalidate();
                forgetApps();
                forgetDeviceInfo();
            }
            default -> {
                return ActionResult.failed(
                        "unknown cache \"" + cacheType + "\"; use controls, apps, device_info or all");
            }
        }
        return ActionResult.ok("invalidated " + cacheType);
    }

    /** The time-out of each device call within a driver call that may take {@code timeout} in all. */
    Duration callTimeout(Duration timeout) {
        return timeout.compareTo(commandTimeout) < 0 ? timeout : commandTimeout;
    }

    /** Waits for the keyboard after tapping a text field. */
    private void settle() throws DriverException {
        try {
            Thread.sleep(tapSettle.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting for the keyboard on " + serial(), e);
        }
    }
}
