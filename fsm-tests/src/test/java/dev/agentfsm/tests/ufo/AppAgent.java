package dev.agentfsm.tests.ufo;

/** The fixture AppAgent, working for a host. */
public final class AppAgent extends TestAgent {
    final HostAgent host;
    boolean follower;

    public AppAgent(HostAgent host) {
        super("AppAgent", host);
        this.host = host;
    }
}
