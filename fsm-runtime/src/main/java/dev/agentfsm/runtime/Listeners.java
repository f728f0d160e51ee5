package dev.agentfsm.runtime;

import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.util.List;
import java.util.Optional;

/**
 * A round's {@link TransitionListener}s, told in order; a listener that throws ends the round as
 * {@link Outcome#ERROR} naming it (at the round's end: every listener still hears it first; a suspended
 * round stays {@link Outcome#SUSPENDED}, to be resumed, with the listener's failure as its error).
 */
final class Listeners {
    private final List<TransitionListener> all;

    Listeners(List<TransitionListener> all) {
        this.all = List.copyOf(all);
    }

    boolean isEmpty() {
        return all.isEmpty();
    }

    /** Tells of the move; the round's end, in the state it is leaving, when a listener threw. */
    Optional<RoundResult> moved(TransitionEvent event) {
        for (TransitionListener listener : all) {
            try {
                listener.onTransition(event);
            } catch (RuntimeException e) {
                return Optional.of(failed(
                        e,
                        RoundReasons.listenerFailedOnMove(
                                listener.getClass().getName(), event.from(), event.to(), e.toString()),
                        event.from(),
                        event.step()));
            }
        }
        return Optional.empty();
    }

    /** Tells of the subtask's end; the round's end when a listener threw. */
    Optional<RoundResult> subtaskEnded(SubtaskEvent event) {
        for (TransitionListener listener : all) {
            try {
                listener.onSubtaskEnd(event);
            } catch (RuntimeException e) {
                return Optional.of(failed(
                        e,
                        RoundReasons.listenerFailedOnSubtask(
                                listener.getClass().getName(), event.number(), event.status(), e.toString()),
                        event.status(),
                        event.step()));
            }
        }
        return Optional.empty();
    }

    /** Tells every listener that {@code failure} leaves the round; a listener's own failure is suppressed in it. */
    void roundFailed(String session, int round, Throwable failure) {
        for (TransitionListener listener : all) {
            try {
                listener.onRoundFailed(session, round, failure);
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            }
        }
    }

    /**
     * Every listener hears the end ({@code onReplayedRoundEnd} when {@code replayed}: they heard it when it was
     * recorded); one that throws turns the result into an {@code ERROR} naming it, whose error stays the round's
     * own when it had one (the listener's is suppressed in it). A suspended round stays suspended with its wait,
     * the listener's failure in its reason and error.
     */
    RoundResult roundEnded(String session, int round, RoundResult result, boolean replayed) {
        RuntimeException failure = null;
        String failed = "";
        for (TransitionListener listener : all) {
            try {
                if (replayed) {
                    listener.onReplayedRoundEnd(session, round, result);
                } else {
                    listener.onRoundEnd(session, round, result);
                }
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                    failed = listener.getClass().getName();
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure == null) {
            return result;
        }
        String reason = RoundReasons.listenerFailedAtEnd(
                failed, failure.toString(), result.outcome().name(), result.reason());
        if (result.suspended()) {
            // a suspended round goes on when its session is resumed: a listener must not end it or lose its wait
            return new RoundResult(
                    Outcome.SUSPENDED,
                    reason,
                    result.finalStatus(),
                    result.path(),
                    result.steps(),
                    Optional.of(failure),
                    result.violation(),
                    result.result(),
                    result.subtasks(),
                    result.waiting());
        }
        // the round's own failure stays its error, as the first failure does in a round: the listener's goes with it
        Throwable error = failure;
        if (result.error().isPresent()) {
            error = result.error().get();
            error.addSuppressed(failure);
        }
        return new RoundResult(
                Outcome.ERROR,
                reason,
                result.finalStatus(),
                result.path(),
                result.steps(),
                Optional.of(error),
                result.violation(),
                result.result(),
                result.subtasks(),
                Optional.empty());
    }

    private static RoundResult failed(RuntimeException e, String reason, Status at, int steps) {
        return RoundResult.ended(Outcome.ERROR, reason, at, steps, Optional.of(e), Optional.empty());
    }
}
