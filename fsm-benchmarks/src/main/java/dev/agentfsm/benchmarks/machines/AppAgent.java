package dev.agentfsm.benchmarks.machines;

/** The benchmark's AppAgent: it works for a {@link HostAgent} and shares its LLM. */
public final class AppAgent extends UfoStyleAgent {
    private final HostAgent host;
    private final Replies llm;

    AppAgent(String name, HostAgent host, Replies llm) {
        super(name);
        this.host = host;
        this.llm = llm;
        setHost(host);
    }

    /** The host that assigned this agent's subtask and gets control back. */
    public HostAgent hostAgent() {
        return host;
    }

    /** The LLM the agent shares with its host. */
    public Replies llm() {
        return llm;
    }
}
