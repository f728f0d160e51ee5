package dev.agentfsm.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * A convenient base for agents: a name, settings, a status, an optional host, and a blackboard that
 * is the host's when there is one. Agents are confined to the thread running their round.
 */
public abstract class BaseAgent implements Agent {
    private final String name;
    private final RuntimeConfig config;
    private final Blackboard ownBlackboard = new Blackboard();
    /** Null until the first round gives one; a plain field because the round sets it at every step. */
    private Status status;

    private Optional<Agent> host = Optional.empty();

    /** @param name the agent's name for logs and traces; the agent uses {@link RuntimeConfig#defaults()} */
    protected BaseAgent(String name) {
        this(name, RuntimeConfig.defaults());
    }

    /**
     * @param name the agent's name for logs and traces
     * @param config the settings its rounds and sessions use unless given others
     */
    protected BaseAgent(String name, RuntimeConfig config) {
        this.name = Objects.requireNonNull(name, "name");
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public RuntimeConfig config() {
        return config;
    }

    @Override
    public Status status() {
        if (status == null) {
            throw new IllegalStateException(
                    name + " has no status yet; a round gives it" + " its machine's initial status when it starts");
        }
        return status;
    }

    @Override
    public void setStatus(Status status) {
        // no lambda for the message: the first step of a machine should not spin a class for it
        if (status == null) {
            throw new NullPointerException("status of agent " + name);
        }
        this.status = status;
    }

    @Override
    public Optional<? extends Agent> host() {
        return host;
    }

    /** Makes {@code host} this agent's host: control returns to it, and its blackboard is shared. */
    public void setHost(Agent host) {
        // a plain check, not requireNonNull with a message supplier: a lambda spins a class when an agent
        // is first made, at every application's cold start
        if (host == null) {
            throw new NullPointerException("host of agent " + name);
        }
        this.host = Optional.of(host);
    }

    @Override
    public Blackboard blackboard() {
        return host.map(Agent::blackboard).orElse(ownBlackboard);
    }

    /** Clears the status; subclasses that keep round-local data clear it too and call this. */
    @Override
    public void reset() {
        status = null;
    }

    @Override
    public String toString() {
        return status == null ? name : name + "[" + status.name() + "]";
    }
}
