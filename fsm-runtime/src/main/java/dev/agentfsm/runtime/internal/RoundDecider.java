package dev.agentfsm.runtime.internal;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.util.Optional;

/**
 * The round's decisions, in one place for every engine: given the state the round is in, how its
 * work ended and what the round remembers, what happens next ({@link #decide}); and whether the
 * round may enter its next state at all ({@link #admit}). Pure: no I/O, no clock, no state of its
 * own, so the embedded {@link dev.agentfsm.runtime.Round} and fsm-temporal's workflow (whose code
 * must replay deterministically) decide alike and end in the same words ({@link RoundReasons}).
 * Internal: not part of the runtime's API (see the package).
 */
public final class RoundDecider {

    private RoundDecider() {}

    /**
     * What follows the work of the state {@code at}.
     *
     * @param at the state whose work ended
     * @param end how it ended
     * @param steps the states the round has entered, this one included
     * @param afterOnError whether a failure already sent the round to its machine's {@code onError} state
     */
    public static Decision decide(Status at, WorkEnd end, int steps, boolean afterOnError) {
        if (end instanceof WorkEnd.Chose chose) {
            return chose(at, chose, steps);
        }
        if (end instanceof WorkEnd.Finished) {
            return Decision.End.of(Outcome.COMPLETED, RoundReasons.completed(at, steps));
        }
        if (end instanceof WorkEnd.TimedOut timedOut) {
            Optional<Move> move = at.moveTo(timedOut.to()).filter(m -> m.trigger() == Trigger.TIMEOUT);
            return move.isPresent()
                    ? new Decision.Move(timedOut.to(), Trigger.TIMEOUT, false, Optional.empty())
                    : illegal(at, timedOut.to());
        }
        if (end instanceof WorkEnd.Failed failed) {
            return onError(at, failed.failure(), afterOnError);
        }
        if (end instanceof WorkEnd.Rejected rejected) {
            String reason = RoundReasons.rejected(at, rejected.message());
            boolean refused =
                    rejected.outcome() == Outcome.UNKNOWN_STATUS || rejected.outcome() == Outcome.ILLEGAL_TRANSITION;
            return refused
                    ? new Decision.End(rejected.outcome(), reason, rejected.violation(), false)
                    : new Decision.End(Outcome.ERROR, reason, Optional.empty(), true);
        }
        if (end instanceof WorkEnd.UnknownStatus unknown) {
            return unknownStatus(at, unknown, afterOnError);
        }
        WorkEnd.Cancelled cancelled = (WorkEnd.Cancelled) end;
        return Decision.End.of(Outcome.CANCELLED, RoundReasons.cancelled(cancelled.why(), steps, at));
    }

    /**
     * Whether the round may enter its next state: empty when it may (the caller then takes the step
     * from the budget), otherwise how it ends, in {@code at}. Allocates nothing when it may.
     *
     * @param at the state the round is in (before its first step: its initial state)
     * @param to the state it is about to enter (before its first step: its initial state)
     * @param steps the states the round has entered; 0 before its first step
     * @param cancelled what cancelled the round, if something did
     * @param used the steps the session's budget has given
     * @param limit the budget's size
     */
    public static Optional<Decision.End> admit(
            Status at, Status to, int steps, Optional<String> cancelled, int used, int limit) {
        if (cancelled.isPresent()) {
            return Optional.of(Decision.End.of(Outcome.CANCELLED, RoundReasons.cancelled(cancelled.get(), steps, at)));
        }
        if (used >= limit) {
            Optional<Status> next = steps == 0 ? Optional.empty() : Optional.of(to);
            return Optional.of(Decision.End.of(Outcome.STEP_LIMIT, RoundReasons.stepLimit(limit, steps, at, next)));
        }
        return Optional.empty();
    }

    /**
     * Whether a state's choice is taken: empty when it is (the declared move, a hand-off with its
     * agent and a plain move without one), otherwise how the round ends. Allocates nothing when the
     * move is taken: the embedded round asks this on every step.
     *
     * @param at the state that chose
     * @param requested the status it asked for
     * @param declared the declared move to {@code requested}, when whoever chose found one
     * @param handOff whether the chooser named an agent that takes over
     * @param steps the states the round has entered, this one included
     */
    public static Optional<Decision.End> chose(
            Status at, Status requested, Optional<Move> declared, boolean handOff, int steps) {
        if (at.endsRound()) {
            return Optional.of(Decision.End.of(Outcome.COMPLETED, RoundReasons.completed(at, steps)));
        }
        if (declared.isEmpty() || declared.get().isHandOff() != handOff) {
            return Optional.of(illegal(at, requested));
        }
        return Optional.empty();
    }

    private static Decision chose(Status at, WorkEnd.Chose chose, int steps) {
        Optional<Decision.End> refused = chose(at, chose.to(), chose.declared(), chose.handOff(), steps);
        if (refused.isPresent()) {
            return refused.get();
        }
        Move move = chose.declared().orElseThrow();
        return new Decision.Move(move.to(), move.trigger(), chose.handOff(), Optional.empty());
    }

    private static Decision unknownStatus(Status at, WorkEnd.UnknownStatus unknown, boolean afterOnError) {
        TransitionTable<?> table = at.machine().table();
        if (!unknown.machine().equals(table.machine())) {
            return onError(at, unknown.failure(), afterOnError);
        }
        Optional<? extends Status> fallback = table.fallback();
        if (fallback.isPresent()) {
            return new Decision.Move(fallback.get(), Trigger.SYSTEM, false, Optional.empty());
        }
        String requested = unknown.status().orElse(null);
        return new Decision.End(
                Outcome.UNKNOWN_STATUS,
                RoundReasons.unknownStatus(at, requested),
                Optional.of(new WorkEnd.Refused(at, unknown.status().orElse(""), at.targets())),
                false);
    }

    /** A failure goes to the machine's {@code onError} state once; a second one, or one there, ends the round. */
    private static Decision onError(Status at, String failure, boolean afterOnError) {
        Optional<? extends Status> onError = at.machine().table().onError();
        if (onError.isEmpty() || onError.get() == at || afterOnError) {
            return new Decision.End(
                    Outcome.ERROR, RoundReasons.failed(at, failure, afterOnError), Optional.empty(), true);
        }
        return new Decision.Move(
                onError.get(),
                Trigger.SYSTEM,
                false,
                Optional.of(RoundReasons.movedToOnError(at, failure, onError.get())));
    }

    private static Decision.End illegal(Status at, Status requested) {
        String name = RoundReasons.requested(at, requested);
        return new Decision.End(
                Outcome.ILLEGAL_TRANSITION,
                RoundReasons.illegal(at, name),
                Optional.of(new WorkEnd.Refused(at, name, at.targets())),
                false);
    }
}
