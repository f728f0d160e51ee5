package dev.agentfsm.tests.runtime;

/** The fixture sub-agent of a {@link HostAgent}. */
public final class AppAgent extends ScriptedAgent {
    final HostAgent host;

    public AppAgent(HostAgent host) {
        super("AppAgent");
        this.host = host;
        setHost(host);
        host.app = this;
    }

    @Override
    public AppAgent script(Object... entries) {
        super.script(entries);
        return this;
    }
}
