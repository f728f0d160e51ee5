package dev.agentfsm.runtime;

import java.util.List;
import java.util.Optional;

/**
 * How one round ended: the {@link Outcome}, why, in which status, and the path of statuses it took.
 *
 * @param outcome how the round ended
 * @param reason a sentence for people: what happened, with the values involved
 * @param finalStatus the status the round ended in, qualified with its machine ({@code "HostAgent.FINISH"})
 * @param path every status entered, in order, qualified with its machine; the first is the initial state
 * @param steps how many states this round entered (the number of {@code handle} calls)
 * @param error the exception behind an {@link Outcome#ERROR}; present too when {@code onError} took over
 * @param violation the refused move behind {@link Outcome#ILLEGAL_TRANSITION} or {@link Outcome#UNKNOWN_STATUS}
 * @param result the round's answer, promoted from the agent's reply ({@link Context#ROUND_RESULT}), if any
 */
public record RoundResult(
        Outcome outcome,
        String reason,
        String finalStatus,
        List<String> path,
        int steps,
        Optional<Throwable> error,
        Optional<Violation> violation,
        Optional<String> result) {

    public RoundResult {
        path = List.copyOf(path);
    }

    /** Whether the round completed in a round-ending state with no error on the way. */
    public boolean completed() {
        return outcome == Outcome.COMPLETED;
    }

    /**
     * A move the table refused.
     *
     * @param machine the machine of the state that asked
     * @param from the status of that state
     * @param requested the status asked for, as given (possibly empty)
     * @param allowed the targets {@code from} declares, as the table names them
     */
    public record Violation(String machine, String from, String requested, List<String> allowed) {
        public Violation {
            allowed = List.copyOf(allowed);
        }
    }
}
