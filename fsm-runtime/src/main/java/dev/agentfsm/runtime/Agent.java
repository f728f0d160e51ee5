package dev.agentfsm.runtime;

import java.util.Optional;

/**
 * An agent driven by a generated state machine: the object a machine's states act on.
 *
 * <p>The agent carries the status that decides its next state when the current state does not
 * choose one itself: the LLM's reply sets it, or the code does. Agents are not shared between
 * threads; the states that act on them are.
 */
public interface Agent {

    /** A name for logs and traces, such as {@code "HostAgent"} or {@code "AppAgent/WINWORD.EXE"}. */
    String name();

    /**
     * The status the agent last reported or was moved to.
     *
     * @throws IllegalStateException if it has none yet: a round gives it its machine's initial status
     */
    Status status();

    /** Sets the status; the runtime does this on every transition, the agent's step does it from the LLM's reply. */
    void setStatus(Status status);

    /**
     * The settings the agent was built with; a {@link Round} or {@link Session} of this agent uses
     * them unless it is given others. UFO's defaults unless the agent says otherwise.
     */
    default RuntimeConfig config() {
        return RuntimeConfig.defaults();
    }

    /** The agent that delegated work to this one and gets control back at the end, if any. */
    default Optional<? extends Agent> host() {
        return Optional.empty();
    }

    /** The blackboard this agent reads and writes: its host's when it has one, otherwise its own. */
    Blackboard blackboard();

    /**
     * Forgets what belongs to one round (its status, its step-local data) before a {@link Session}
     * starts the next round; what the agent keeps across rounds (its blackboard) stays.
     */
    default void reset() {}
}
