package dev.agentfsm.agents.windows.desktop;

import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.internal.SafeText;
import java.util.Objects;

/**
 * A control inside a window (a button, an edit box, a table cell), as UI Automation describes it.
 *
 * @param id the driver's stable handle for the control within its window (an AutomationId or runtime id)
 * @param name the control's name, e.g. {@code "Insert Bar Chart"}
 * @param type the control type, e.g. {@code "Button"}, {@code "Edit"}, {@code "Table"}, {@code "DataItem"}
 * @param rect where the control is on the screen
 */
public record DesktopControl(String id, String name, String type, Rect rect) {

    public DesktopControl {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(rect, "rect");
    }

    /**
     * The name as prompts, questions and errors show it: the application chose it (a web page names its
     * elements), so it is one line with control, bidi and invisible characters escaped, cut at
     * {@value DesktopWindow#SHOWN_CHARS} characters.
     */
    public String shownName() {
        return SafeText.line(name, DesktopWindow.SHOWN_CHARS);
    }

    /** The type as prompts, questions and errors show it, made safe as {@link #shownName()}. */
    public String shownType() {
        return SafeText.line(type, DesktopWindow.SHOWN_CHARS);
    }
}
