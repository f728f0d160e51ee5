package dev.agentfsm.runtime.llm;

import dev.agentfsm.runtime.Outcome;
import java.util.List;

/**
 * Every re-ask was spent and the LLM still gave no usable reply. A {@code Round} ends with the
 * matching outcome ({@link Outcome#ERROR} for a malformed reply, {@link Outcome#UNKNOWN_STATUS},
 * {@link Outcome#ILLEGAL_TRANSITION}) instead of moving to the machine's {@code onError} state.
 */
public final class ReplyRejectedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Outcome outcome;
    private final String machine;
    private final String from;
    private final String status;
    @SuppressWarnings("serial") // an immutable List.copyOf, serializable in practice
    private final List<String> allowed;
    private final String lastReply;

    /**
     * @param outcome {@code ERROR}, {@code UNKNOWN_STATUS} or {@code ILLEGAL_TRANSITION}
     * @param machine the machine whose state asked
     * @param from that state's status
     * @param status the status of the last reply (empty if it had none)
     * @param allowed the statuses that were offered
     * @param lastReply the last reply's text
     * @param message what was wrong, for people
     */
    public ReplyRejectedException(Outcome outcome, String machine, String from, String status,
            List<String> allowed, String lastReply, String message) {
        super(message);
        this.outcome = outcome;
        this.machine = machine;
        this.from = from;
        this.status = status;
        this.allowed = List.copyOf(allowed);
        this.lastReply = lastReply;
    }

    public Outcome outcome() { return outcome; }

    public String machine() { return machine; }

    public String from() { return from; }

    public String status() { return status; }

    public List<String> allowed() { return allowed; }

    public String lastReply() { return lastReply; }
}
