package dev.agentfsm.tests.ufo;

/**
 * The fixture HostAgent: assigns its subtask to {@link #app}, the AppAgent that names it as host. Not
 * final, so that a test can stub what it reports.
 */
public class HostAgent extends ScriptedAgent {
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
