package example.rich;

import dev.agentfsm.runtime.BaseAgent;

/** The agent of the App machine; it hands control back to its host when done. */
public final class AppAgent extends BaseAgent {
    final HostAgent owner;

    AppAgent(HostAgent owner) {
        super("App");
        this.owner = owner;
        setHost(owner);
    }
}
