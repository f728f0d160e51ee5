package dev.agentfsm.runtime.device;

import java.util.Optional;

/**
 * What a {@link DeviceDriver} saw.
 *
 * @param screenshotPng a screenshot as PNG bytes
 * @param uiTree the UI tree (UI Automation, uiautomator XML ...) as text
 * @param text anything else worth showing the LLM (a window list, system information)
 */
public record Observation(Optional<byte[]> screenshotPng, Optional<String> uiTree, Optional<String> text) {

    /** An observation with text only. */
    public static Observation text(String text) {
        return new Observation(Optional.empty(), Optional.empty(), Optional.of(text));
    }
}
