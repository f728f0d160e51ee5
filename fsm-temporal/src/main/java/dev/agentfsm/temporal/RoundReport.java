package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Outcome;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one round of a session ended: {@link dev.agentfsm.runtime.RoundResult} as the workflow returns
 * it, with statuses qualified by their machine ({@code "HostAgent.ASSIGN"}) and the error as text,
 * since it crosses processes.
 *
 * @param outcome how the round ended
 * @param reason a sentence for people: what happened, with the values involved
 * @param finalStatus the qualified status the round ended in
 * @param path every qualified status entered, in order
 * @param steps how many states the round entered
 * @param error the failure behind an {@link Outcome#ERROR}, as its {@code toString()}
 * @param violation the refused move behind {@link Outcome#ILLEGAL_TRANSITION} or {@link Outcome#UNKNOWN_STATUS}
 * @param result the round's answer, if the agent gave one
 */
public record RoundReport(
        Outcome outcome,
        String reason,
        String finalStatus,
        List<String> path,
        int steps,
        Optional<String> error,
        Optional<Violation> violation,
        Optional<String> result) {

    public RoundReport {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(finalStatus, "finalStatus");
        path = List.copyOf(path);
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(violation, "violation");
        Objects.requireNonNull(result, "result");
    }

    /** Whether the round completed in a round-ending state with no error on the way. */
    public boolean completed() {
        return outcome == Outcome.COMPLETED;
    }

    /**
     * A move the table refused.
     *
     * @param from the qualified status of the state that asked
     * @param requested what it asked for, as given
     * @param allowed the qualified statuses it may move to
     */
    public record Violation(String from, String requested, List<String> allowed) {
        public Violation {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(requested, "requested");
            allowed = List.copyOf(allowed);
        }
    }
}
