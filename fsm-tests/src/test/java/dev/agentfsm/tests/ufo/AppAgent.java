package dev.agentfsm.tests.ufo;

/** The fixture AppAgent, working for a host: the host's hand-offs go to it, and it hands back to the host. */
public final class AppAgent extends ScriptedAgent {
    final HostAgent host;
    boolean follower;

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
