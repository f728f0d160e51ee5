package dev.agentfsm.tests.runtime;

/** The fixture host: assigns its subtask to {@link #app}. */
public final class HostAgent extends ScriptedAgent {
    AppAgent app;

    public HostAgent() {
        super("HostAgent");
    }

    @Override
    public HostAgent script(Object... entries) {
        super.script(entries);
        return this;
    }
}
