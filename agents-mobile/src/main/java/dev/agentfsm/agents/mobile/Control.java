package dev.agentfsm.agents.mobile;

import dev.agentfsm.agents.kit.ScreenshotAnnotator;
import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.internal.SafeText;

/**
 * A control on the screen the LLM can refer to by id, read from the uiautomator dump (UFO's
 * {@code TargetInfo}).
 *
 * @param id 1, 2, 3 ... in the order of the dump, among the controls kept
 * @param name the node's text, else its content description, else its class
 * @param type the class's simple name, e.g. {@code Switch}, {@code TextView}
 * @param rect where it is on the screen
 * @param resourceId the node's {@code resource-id}, empty when it has none
 * @param checkable whether it can be checked (a switch, a check box)
 * @param checked whether it is checked now
 */
public record Control(
        int id, String name, String type, Rect rect, String resourceId, boolean checkable, boolean checked) {
    /** The most of a control's name shown in the prompt and in results; a screen's text can be any length. */
    private static final int SHOWN_CHARS = 500;

    /**
     * The name as the prompt, the results and the logs show it: on one line, escaped ({@link SafeText#line}),
     * so that a text on the screen (a message, a web page) cannot add lines that read as more controls to the
     * model, nor drive a terminal, and cut at {@value #SHOWN_CHARS} characters.
     */
    String shownName() {
        return SafeText.line(name, SHOWN_CHARS);
    }

    /** The control's type as the prompt and the results show it: escaped and cut, as the device wrote it. */
    String shownType() {
        return SafeText.line(type, 200);
    }

    /** One line for the prompt: id, type, name, rectangle, and the check state where it has one. */
    String describe() {
        return id + ": " + shownType() + " \"" + shownName() + "\" " + rect
                + (resourceId.isEmpty() ? "" : " id=" + SafeText.line(resourceId, 200))
                + (checkable ? (checked ? " checked" : " unchecked") : "");
    }

    /** Its frame and id on the annotated screenshot: screen and screenshot share coordinates on a phone. */
    ScreenshotAnnotator.Label label() {
        return new ScreenshotAnnotator.Label(rect, id);
    }
}
