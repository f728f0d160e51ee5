package example;

import dev.agentfsm.runtime.BaseAgent;

/** The agent of Window. */
public final class Default extends BaseAgent {
    public Default() {
        super("Window");
    }
}
