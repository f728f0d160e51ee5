package dev.agentfsm.tests.runtime;

import dev.agentfsm.tests.ufo.ScriptedAgent;

/** The fixture agent of the one-machine {@code LinuxAgent}. */
public final class LinuxAgent extends ScriptedAgent {
    public LinuxAgent() {
        super("LinuxAgent");
    }

    @Override
    public LinuxAgent script(Object... entries) {
        super.script(entries);
        return this;
    }
}
