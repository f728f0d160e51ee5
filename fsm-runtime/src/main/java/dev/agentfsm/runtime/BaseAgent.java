package dev.agentfsm.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * A convenient base for agents: a name, a status, an optional host, and a blackboard that is the
 * host's when there is one. Agents are confined to the thread running their round.
 */
public abstract class BaseAgent implements Agent {
    private final String name;
    private final Blackboard ownBlackboard = new Blackboard();
    private String status = "";
    private Agent host;
    /** The last hand-off completed with this agent, reused by {@link Next#withAgent} (confined like the agent). */
    Next lastHandOffInto;

    /** @param name the agent's name for logs and traces */
    protected BaseAgent(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public String status() {
        return status;
    }

    @Override
    public void setStatus(String status) {
        // no message supplier here: a capturing lambda would allocate on every step of every round
        if (status == null) {
            throw new NullPointerException("status of agent " + name);
        }
        this.status = status;
    }

    @Override
    public Optional<? extends Agent> host() {
        return Optional.ofNullable(host);
    }

    /** Makes {@code host} this agent's host: control returns to it, and its blackboard is shared. */
    public void setHost(Agent host) {
        if (host == null) {
            throw new NullPointerException("host of agent " + name);
        }
        this.host = host;
    }

    @Override
    public Blackboard blackboard() {
        return host != null ? host.blackboard() : ownBlackboard;
    }

    @Override
    public String toString() {
        return name + "[" + status + "]";
    }
}
