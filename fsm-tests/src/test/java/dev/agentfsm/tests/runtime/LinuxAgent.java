package dev.agentfsm.tests.runtime;

import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.tests.ufo.ScriptedAgent;

/** The fixture agent of the one-machine {@code LinuxAgent}. */
public final class LinuxAgent extends ScriptedAgent {
    public LinuxAgent() {
        super("LinuxAgent");
    }

    /** An agent whose rounds and sessions use {@code config} unless given other settings. */
    public LinuxAgent(RuntimeConfig config) {
        super("LinuxAgent", config);
    }

    @Override
    public LinuxAgent script(Object... entries) {
        super.script(entries);
        return this;
    }
}
