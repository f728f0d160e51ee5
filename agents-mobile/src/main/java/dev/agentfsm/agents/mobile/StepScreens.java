package dev.agentfsm.agents.mobile;

import java.util.Arrays;
import java.util.Objects;

/**
 * What the device showed in one step: the screenshot and the same screenshot with the controls framed
 * and numbered. The bytes are copied in and out, so a kept step cannot change.
 *
 * @param screenshot the screen as PNG
 * @param annotated the screenshot with each control's frame and id, as PNG
 */
// the arrays are copied in (here) and out (the accessors), and equals/hashCode compare their contents
@SuppressWarnings("ArrayRecordComponent")
public record StepScreens(byte[] screenshot, byte[] annotated) {

    public StepScreens {
        screenshot = Objects.requireNonNull(screenshot, "screenshot").clone();
        annotated = Objects.requireNonNull(annotated, "annotated").clone();
    }

    @Override
    public byte[] screenshot() {
        return screenshot.clone();
    }

    @Override
    public byte[] annotated() {
        return annotated.clone();
    }

    /** The bytes both images take. */
    public long bytes() {
        return (long) screenshot.length + annotated.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StepScreens that
                && Arrays.equals(screenshot, that.screenshot)
                && Arrays.equals(annotated, that.annotated);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(screenshot) + Arrays.hashCode(annotated);
    }

    @Override
    public String toString() {
        return "StepScreens[" + screenshot.length + " + " + annotated.length + " bytes]";
    }
}
