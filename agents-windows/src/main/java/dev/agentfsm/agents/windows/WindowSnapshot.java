package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an AppAgent saw of its window in one step: the screenshot, the same screenshot with the
 * controls' numbered labels drawn on it, and the labelled controls.
 *
 * @param window the window
 * @param screenshot the window's screenshot as PNG
 * @param annotated the screenshot with a numbered label on each control, as PNG
 * @param controls the controls, labelled from 1 in reading order
 */
// the screenshot passes from the driver to the prompt without a copy, and nothing compares these
// values, so the array's identity semantics in equals are harmless
@SuppressWarnings("ArrayRecordComponent")
public record WindowSnapshot(
        DesktopWindow window, byte[] screenshot, byte[] annotated, List<AnnotatedControl> controls) {

    public WindowSnapshot {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(screenshot, "screenshot");
        Objects.requireNonNull(annotated, "annotated");
        controls = List.copyOf(controls);
    }

    /** The control carrying {@code label}, if there is one. */
    public Optional<AnnotatedControl> control(int label) {
        return controls.stream().filter(c -> c.label() == label).findFirst();
    }

    /** Whether a control of this name is on the window. */
    public boolean shows(String controlName) {
        return controls.stream().anyMatch(c -> c.control().name().equals(controlName));
    }
}
