package example.rich;

import dev.agentfsm.runtime.Agent;
import java.util.Optional;

/** The agent of the App machine; it hands control back to its host when done. */
public class AppAgent implements Agent {
    private final HostAgent host;
    private String status = "";

    AppAgent(HostAgent host) {
        this.host = host;
    }

    @Override
    public String name() {
        return "App";
    }

    @Override
    public String status() {
        return status;
    }

    @Override
    public void setStatus(String status) {
        this.status = status;
    }

    @Override
    public Optional<HostAgent> host() {
        return Optional.of(host);
    }
}
