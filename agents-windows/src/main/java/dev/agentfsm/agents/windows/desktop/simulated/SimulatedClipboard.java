package dev.agentfsm.agents.windows.desktop.simulated;

import java.util.Objects;

/** The clipboard of a {@link SimulatedDesktop}: text that one application copies and another pastes. */
public final class SimulatedClipboard {
    private String text = "";

    /** The text on the clipboard; empty when nothing was copied. */
    public synchronized String text() {
        return text;
    }

    /** Puts text on the clipboard, replacing what was there. */
    public synchronized void copy(String text) {
        this.text = Objects.requireNonNull(text, "text");
    }
}
