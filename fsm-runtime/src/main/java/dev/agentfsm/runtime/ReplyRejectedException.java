package dev.agentfsm.runtime;

import java.util.List;

/**
 * Every re-ask was spent and the LLM still gave no usable reply. A {@code Round} ends with the
 * matching outcome ({@link Outcome#ERROR} for a malformed reply, {@link Outcome#UNKNOWN_STATUS},
 * {@link Outcome#ILLEGAL_TRANSITION}) instead of moving to the machine's {@code onError} state.
 */
public final class ReplyRejectedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Outcome outcome;

    @SuppressWarnings("serial") // a generated enum constant
    private final Status from;

    private final String status;

    @SuppressWarnings("serial") // an immutable List.copyOf of enum constants
    private final List<Status> allowed;

    private final String lastReply;

    /**
     * @param outcome {@code ERROR}, {@code UNKNOWN_STATUS} or {@code ILLEGAL_TRANSITION}
     * @param from the status of the state that asked
     * @param status the status of the last reply (empty if it had none)
     * @param allowed the statuses that were offered
     * @param lastReply the last reply's text
     * @param message what was wrong, for people
     */
    public ReplyRejectedException(
            Outcome outcome, Status from, String status, List<Status> allowed, String lastReply, String message) {
        super(message);
        this.outcome = outcome;
        this.from = from;
        this.status = status;
        this.allowed = List.copyOf(allowed);
        this.lastReply = lastReply;
    }

    /** How the round ends: {@code ERROR}, {@code UNKNOWN_STATUS} or {@code ILLEGAL_TRANSITION}. */
    public Outcome outcome() {
        return outcome;
    }

    /** The status of the state that asked. */
    public Status from() {
        return from;
    }

    /** The status text of the last reply, normalized; empty if it had none. */
    public String status() {
        return status;
    }

    /** The statuses that were offered. */
    public List<Status> allowed() {
        return allowed;
    }

    /** The last reply's text, as the model sent it. */
    public String lastReply() {
        return lastReply;
    }
}
