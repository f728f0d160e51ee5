package dev.agentfsm.runtime;

import java.util.List;

/**
 * Thrown when a machine is asked for a status none of its states has, and it declares no fallback.
 * The message names the machine, the status and the statuses it knows.
 */
public final class UnknownStatusException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String machine;
    private final String status;

    @SuppressWarnings("serial") // an immutable List.copyOf, serializable in practice
    private final List<String> knownStatuses;

    /**
     * @param machine the machine's name
     * @param status the status asked for, possibly {@code null}
     * @param knownStatuses the machine's statuses, in declaration order
     */
    public UnknownStatusException(String machine, String status, List<String> knownStatuses) {
        super(machine + " has no state for status " + (status == null ? "null" : '"' + status + '"')
                + "; known statuses: " + String.join(", ", knownStatuses)
                + ". Declare a @State with this name, or a fallback in @StateMachine(fallback = ...)");
        this.machine = machine;
        this.status = status;
        this.knownStatuses = List.copyOf(knownStatuses);
    }

    /** The machine that was asked. */
    public String machine() {
        return machine;
    }

    /** The status it was asked for; {@code null} if the agent had none. */
    public String status() {
        return status;
    }

    /** The statuses the machine knows, in declaration order. */
    public List<String> knownStatuses() {
        return knownStatuses;
    }
}
