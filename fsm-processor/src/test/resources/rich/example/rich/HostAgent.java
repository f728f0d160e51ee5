package example.rich;

import dev.agentfsm.runtime.Agent;

/** The agent of the Host machine; it remembers the App agent it assigned work to. */
public class HostAgent implements Agent {
    private String status = "";
    AppAgent assigned = new AppAgent(this);

    @Override
    public String name() {
        return "Host";
    }

    @Override
    public String status() {
        return status;
    }

    @Override
    public void setStatus(String status) {
        this.status = status;
    }
}
