package dev.agentfsm.runtime;

import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import java.util.List;
import java.util.Optional;

/**
 * How one round ended: the {@link Outcome}, why, in which status, and the path of statuses it took.
 *
 * @param outcome how the round ended
 * @param reason a sentence for people: what happened, with the values involved
 * @param finalStatus the status the round ended in
 * @param path every status entered, in order, across machines; the first is the initial status
 * @param steps how many states this round entered (the number of {@code handle} calls)
 * @param error the exception behind an {@link Outcome#ERROR}; present too when {@code onError} took over, and
 *     for a {@link Outcome#SUSPENDED} round when a listener failed on its end
 * @param violation the refused move behind {@link Outcome#ILLEGAL_TRANSITION} or {@link Outcome#UNKNOWN_STATUS}
 * @param result the round's answer, promoted from the agent's reply ({@link Context#ROUND_RESULT}), if any
 * @param subtasks the subtasks that ended during the round, in order, as {@link SubtaskEvent}s announced them:
 *     their number is the count, each one's {@code status} its outcome
 * @param waiting what the round waits for, when it {@link Outcome#SUSPENDED suspended} at a wait
 */
public record RoundResult(
        Outcome outcome,
        String reason,
        Status finalStatus,
        List<Status> path,
        int steps,
        Optional<Throwable> error,
        Optional<Violation> violation,
        Optional<String> result,
        List<ArchivedSubtask> subtasks,
        Optional<Waiting> waiting) {

    /** Copies {@code path} and {@code subtasks}; the runtime builds results, users read them. */
    public RoundResult {
        path = List.copyOf(path);
        subtasks = List.copyOf(subtasks);
    }

    /**
     * The end of a step, before the round fills in its path, answer and subtasks: how the runtime starts a
     * result (users read results, they do not build them).
     */
    static RoundResult ended(
            Outcome outcome,
            String reason,
            Status at,
            int steps,
            Optional<Throwable> error,
            Optional<Violation> violation) {
        return new RoundResult(
                outcome, reason, at, List.of(), steps, error, violation, Optional.empty(), List.of(), Optional.empty());
    }

    /** The end of a step that stopped at {@code waiting} ({@link Outcome#SUSPENDED}). */
    static RoundResult suspended(Status at, int steps, Waiting waiting) {
        String reason = "the round suspended in " + at.qualifiedName() + " at step " + steps + ", waiting for "
                + switch (waiting.kind()) {
                    case ANSWER -> "an answer";
                    case DECISION -> "a decision";
                    case EVENT -> "an event";
                }
                + "; answer it in the session's journal and resume the session";
        return new RoundResult(
                Outcome.SUSPENDED,
                reason,
                at,
                List.of(),
                steps,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                Optional.of(waiting));
    }

    /** Whether the round stopped at a wait, to go on when its session is resumed with the reply. */
    public boolean suspended() {
        return outcome == Outcome.SUSPENDED;
    }

    /** Whether the round completed in a round-ending state with no error on the way. */
    public boolean completed() {
        return outcome == Outcome.COMPLETED;
    }

    /** The path as traces write it: each status qualified with its machine ({@code "HostAgent.ASSIGN"}). */
    public List<String> qualifiedPath() {
        return path.stream().map(Status::qualifiedName).toList();
    }

    /**
     * A move the table refused.
     *
     * @param from the status of the state that asked
     * @param requested the status asked for, as given: a status name, qualified when it is another machine's,
     *     or the text of an unknown status (possibly empty)
     * @param allowed the targets {@code from} declares
     */
    public record Violation(Status from, String requested, List<Status> allowed) {
        public Violation {
            allowed = List.copyOf(allowed);
        }
    }
}
