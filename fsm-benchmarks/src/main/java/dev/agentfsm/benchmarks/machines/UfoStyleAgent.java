package dev.agentfsm.benchmarks.machines;

import dev.agentfsm.runtime.BaseAgent;

/**
 * A benchmark agent that also keeps UFO's agent status: a plain string the LLM's reply sets and
 * UFO's registry looks up. The UFO-style dispatch reads and writes it; the generated machines use
 * the typed status instead.
 */
public abstract class UfoStyleAgent extends BaseAgent {
    private String ufoStatus = "";

    UfoStyleAgent(String name) {
        super(name);
    }

    /** The status as UFO keeps it; empty before the first reply. */
    public String ufoStatus() {
        return ufoStatus;
    }

    /** Sets the status as UFO does, from the reply's text. */
    public void setUfoStatus(String status) {
        this.ufoStatus = status;
    }
}
