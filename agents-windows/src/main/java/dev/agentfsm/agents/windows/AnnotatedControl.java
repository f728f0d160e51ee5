package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.ScreenshotAnnotator;
import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import java.util.Objects;

/**
 * A control with the number it carries on the annotated screenshot; the LLM names controls by it.
 *
 * @param label the number drawn on the screenshot, from 1
 * @param control the control
 */
public record AnnotatedControl(int label, DesktopControl control) {

    public AnnotatedControl {
        Objects.requireNonNull(control, "control");
        if (label < 1) {
            throw new IllegalArgumentException("labels start at 1, got " + label + " for " + control.name());
        }
    }

    /** The control as the prompt lists it: {@code [3] Button 'Insert Bar Chart'}. */
    public String describe() {
        return "[" + label + "] " + control.shownType() + " '" + control.shownName() + "'";
    }

    /**
     * Its frame and number on {@code window}'s screenshot: the control's rectangle is in screen
     * coordinates, the screenshot's start at the window's top-left corner.
     */
    ScreenshotAnnotator.Label labelIn(DesktopWindow window) {
        return new ScreenshotAnnotator.Label(
                control.rect()
                        .translate(-window.bounds().left(), -window.bounds().top()),
                label);
    }
}
