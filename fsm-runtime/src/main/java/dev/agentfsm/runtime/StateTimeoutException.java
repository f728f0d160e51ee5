package dev.agentfsm.runtime;

import java.util.Objects;

/**
 * Thrown by {@link Inbox#await()} when the waiting state's {@code @Timeout} has run out. The state's
 * work need not catch it: the round takes the state's declared {@code TIMEOUT} move. A state that
 * catches it to clean up still takes that move when its work ends.
 */
public final class StateTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    @SuppressWarnings("serial") // statuses are enum constants, serializable
    private final Status status;

    private final Timeout timeout;

    /**
     * @param status the state that timed out
     * @param timeout its declared time-out
     */
    public StateTimeoutException(Status status, Timeout timeout) {
        super(Objects.requireNonNull(status, "status").qualifiedName() + " waited its @Timeout of "
                + Objects.requireNonNull(timeout, "timeout").after() + " without an event; it moves to "
                + timeout.to().name());
        this.status = status;
        this.timeout = timeout;
    }

    /** The state that timed out. */
    public Status status() {
        return status;
    }

    /** Its declared time-out. */
    public Timeout timeout() {
        return timeout;
    }
}
