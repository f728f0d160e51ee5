package dev.agentfsm.agents.mobile;

import dev.agentfsm.agents.kit.ScreenshotAnnotator;
import dev.agentfsm.runtime.device.Rect;

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

    /** One line for the prompt: id, type, name, rectangle, and the check state where it has one. */
    String describe() {
        return id + ": " + type + " \"" + name + "\" " + rect
                + (resourceId.isEmpty() ? "" : " id=" + resourceId)
                + (checkable ? (checked ? " checked" : " unchecked") : "");
    }

    /** Its frame and id on the annotated screenshot: screen and screenshot share coordinates on a phone. */
    ScreenshotAnnotator.Label label() {
        return new ScreenshotAnnotator.Label(rect, id);
    }
}
