package dev.agentfsm.benchmarks.machines;

/**
 * UFO's agent status: a plain string the LLM's reply sets and the registry looks up. The UFO-style
 * dispatch reads and writes it; the generated machines use the typed status instead.
 */
public interface UfoStatus {

    /** The status as UFO keeps it; empty before the first reply. */
    String ufoStatus();

    /** Sets the status as UFO does, from the reply's text. */
    void setUfoStatus(String status);
}
