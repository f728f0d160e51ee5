package dev.agentfsm.annotations;

/**
 * Who decides to take a {@link Transition}: the legend of UFO's transition matrix.
 *
 * <pre>{@code
 * @Transition(to = FailHostAgentState.class, by = Trigger.TIMEOUT, when = "the user did not answer")
 * }</pre>
 */
public enum Trigger {
    /** The LLM chose it through the status of its reply. */
    LLM,
    /** The code moves on its own: a hand-off, a clean-up, a recovery. */
    SYSTEM,
    /** The user's answer decides it (approve, reject, a reply to a question). */
    USER,
    /** A wait ran out of time. */
    TIMEOUT
}
