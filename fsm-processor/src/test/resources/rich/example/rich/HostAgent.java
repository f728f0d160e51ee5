package example.rich;

import dev.agentfsm.runtime.BaseAgent;

/** The agent of the Host machine; it remembers the App agent it assigned work to. */
public final class HostAgent extends BaseAgent {
    final AppAgent assigned = new AppAgent(this);

    public HostAgent() {
        super("Host");
    }
}
