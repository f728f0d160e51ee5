package dev.agentfsm.runtime;

import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The subtasks one round ended, in order; the rule is {@link SubtaskEvent}'s. Confined to the
 * round's thread.
 */
final class Subtasks {
    private final List<ArchivedSubtask> ended = new ArrayList<>();
    /** Whether the last state that ran ended a subtask: a clean-up move from it to another such state ends no more. */
    private boolean justEnded;

    /**
     * A state is about to run; returns how many subtasks the context holds when it ends one (what
     * its {@code handle} archives is the subtask it ended), 0 otherwise.
     */
    int entering(Status status, Context context) {
        if (!status.endsSubtask()) {
            justEnded = false; // entering any other state begins a new subtask
            return 0;
        }
        return context.get(Context.PREVIOUS_SUBTASKS).orElseThrow().size();
    }

    /**
     * The subtask-ending state {@code status} has run: the subtask it archived, or one archived for
     * it; empty when it follows another subtask-ending state and archived nothing.
     *
     * @param archivedBefore what {@link #entering} returned
     */
    Optional<ArchivedSubtask> end(Status status, Context context, int archivedBefore) {
        List<ArchivedSubtask> archive = context.get(Context.PREVIOUS_SUBTASKS).orElseThrow();
        ArchivedSubtask subtask;
        int archived = archive.size();
        if (archived > archivedBefore) {
            subtask = archive.get(archived - 1);
        } else if (justEnded) {
            return Optional.empty();
        } else {
            // orElse of values read already, no lambdas: the first subtask that ends is often in a session's
            // first round, where each lambda spins a class of its own (none of these keys has a default)
            String asked = context.get(Context.SUBTASK)
                    .orElse(context.get(Context.REQUEST).orElse(""));
            String outcome = context.get(Context.ROUND_RESULT).orElse(text(context.get(Context.ERROR)));
            subtask = new ArchivedSubtask(asked, status, outcome);
            archive.add(subtask); // as context.archive(subtask) does
        }
        justEnded = true;
        ended.add(subtask);
        return Optional.of(subtask);
    }

    /** The error as text, or {@code ""} when there is none. */
    private static String text(Optional<Exception> error) {
        return error.isPresent() ? error.get().toString() : "";
    }

    /** How many subtasks ended so far. */
    int count() {
        return ended.size();
    }

    /** The subtasks that ended, in order. */
    List<ArchivedSubtask> all() {
        return ended;
    }
}
