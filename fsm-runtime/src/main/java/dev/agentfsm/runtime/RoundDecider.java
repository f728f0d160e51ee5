package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.nio.channels.ClosedByInterruptException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The round's decisions, in one place for every engine: given the state the round is in, how its
 * work ended and what the round remembers, what happens next ({@link #decide}); and whether the
 * round may enter its next state at all ({@link #admit}). Pure: no I/O, no clock, no state of its
 * own, so the embedded {@link dev.agentfsm.runtime.Round} and fsm-temporal's workflow (whose code
 * must replay deterministically) decide alike and end in the same words.
 *
 * <p>An SPI for engines that run rounds somewhere other than {@link Round} (fsm-temporal's workflow):
 * an application runs rounds through {@code Round} and {@code Session} and never calls this. Besides
 * the decisions it holds what such an engine must do as {@code Round} does: run a state's work
 * ({@link #handle}), ask for its next state ({@link #next}), tell an interrupt from a failure
 * ({@link #interrupted}), count the session's steps ({@link StepBudget}).
 */
public final class RoundDecider {

    /** How deep {@link #interrupted} looks into an exception's causes. */
    private static final int MAX_CAUSES = 32;

    private RoundDecider() {}

    /** Runs the {@code handle} of {@code status}'s state on {@code agent}, through the status's own machine. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // the status's own machine drives the agent the round gave it
    public static void handle(Status status, Agent agent, Context context) throws Exception {
        ((AgentState) status.machine().get(status)).handle(agent, context);
    }

    /** The move {@code status}'s state chooses for {@code agent}, as its machine's generated dispatch gives it. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // as for handle: the status's machine is the agent's
    public static Next next(Status status, Agent agent) {
        return ((StateManager) status.machine()).next(status, agent);
    }

    /**
     * Whether {@code e} ended a state's work because the thread was interrupted (a cancelled round,
     * not a failure for {@code onError}).
     */
    public static boolean interrupted(Exception e) {
        if (Thread.currentThread().isInterrupted()) {
            return true;
        }
        Throwable cause = e;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof InterruptedException || cause instanceof ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }

    /**
     * The reason of a round that a failure sent to its {@code onError} state and that then ended with
     * {@code reason}: both parts, in the words an embedded round uses.
     */
    public static String afterOnError(String movedToOnError, String reason) {
        return RoundReasons.afterOnError(movedToOnError, reason);
    }

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

    /**
     * What {@link RoundDecider} says a round does next: move, or end with an outcome and a reason.
     * Part of the decider's SPI.
     */
    public sealed interface Decision {

        /**
         * Move to {@code to}.
         *
         * @param to the status to enter
         * @param trigger the declared move's trigger
         * @param handOff whether the agent the state named takes over (otherwise the current agent goes on)
         * @param toOnError the reason's first part when this is the machine's {@code onError} state after a
         *     failure: the round remembers the failure and ends as {@code ERROR} whatever comes after
         */
        record Move(Status to, Trigger trigger, boolean handOff, Optional<String> toOnError) implements Decision {}

        /**
         * End the round.
         *
         * @param outcome how it ends
         * @param reason why, in {@link RoundReasons}' words
         * @param violation the refused move behind an {@code ILLEGAL_TRANSITION} or {@code UNKNOWN_STATUS}
         * @param failed whether the step's own failure is the round's error (an {@code ERROR} end)
         */
        record End(Outcome outcome, String reason, Optional<WorkEnd.Refused> violation, boolean failed)
                implements Decision {
            /** An end with no violation and no failure of the step's own. */
            public static End of(Outcome outcome, String reason) {
                return new End(outcome, reason, Optional.empty(), false);
            }
        }
    }

    /**
     * How one state's work ended, as {@link RoundDecider} reads it: values only, so that the embedded
     * round (from exceptions and {@code Next}s) and fsm-temporal's workflow (from its worker's reports)
     * hand the decider the same facts.
     */
    public sealed interface WorkEnd {

        /** A round-ending state did its work; no move is asked of it. */
        record Finished() implements WorkEnd {}

        /**
         * The state chose where to go ({@code next(agent, to)}, its only move, or the agent's status).
         *
         * @param to the status it asked for
         * @param declared the declared move to {@code to}, when whoever chose found one; empty when it is not declared
         * @param handOff whether the chooser named an agent that takes over
         */
        record Chose(Status to, Optional<Move> declared, boolean handOff) implements WorkEnd {}

        /**
         * The state's declared time-out ran out before its work (or its wait) was over.
         *
         * @param to the target of its declared {@code TIMEOUT} move
         */
        record TimedOut(Status to) implements WorkEnd {}

        /**
         * The state's work threw.
         *
         * @param failure the exception as {@code toString()} gives it
         */
        record Failed(String failure) implements WorkEnd {}

        /**
         * The LLM never gave a usable reply.
         *
         * @param outcome the outcome the reply guard chose
         * @param message the rejection's message
         * @param violation the refused status, for an {@code UNKNOWN_STATUS} or {@code ILLEGAL_TRANSITION}
         */
        record Rejected(Outcome outcome, String message, Optional<Refused> violation) implements WorkEnd {}

        /**
         * The state's work met a status no state of {@code machine} has.
         *
         * @param machine the machine the status was looked up in
         * @param status the unknown status as given; empty when it was null
         * @param failure the exception as {@code toString()} gives it
         */
        record UnknownStatus(String machine, Optional<String> status, String failure) implements WorkEnd {}

        /**
         * The round was cancelled while the state worked.
         *
         * @param why what cancelled it, for the reason
         */
        record Cancelled(String why) implements WorkEnd {}

        /**
         * A move the table refused, as a round's result names it.
         *
         * @param from the status that asked
         * @param requested what it asked for, as given
         * @param allowed the targets {@code from} declares
         */
        record Refused(Status from, String requested, List<Status> allowed) {
            public Refused {
                Objects.requireNonNull(from, "from");
                Objects.requireNonNull(requested, "requested");
                allowed = List.copyOf(allowed);
            }
        }
    }

    /**
     * The steps a session may still take (UFO's {@code MAX_STEP}), shared by all of its rounds. A round
     * takes one step per state it enters; when none is left it ends as {@code STEP_LIMIT}. Confined to
     * one session's thread. The runtime's {@code Session} and fsm-temporal's workflow both count with it.
     * Part of the decider's SPI.
     */
    public static final class StepBudget {
        private final int limit;
        private int used;

        /**
         * @param limit how many steps in all; at least 1
         * @throws IllegalArgumentException naming the value if {@code limit < 1}
         */
        public StepBudget(int limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("a step budget needs at least 1 step; got " + limit);
            }
            this.limit = limit;
        }

        /**
         * Takes one step, once {@link RoundDecider#admit} has said the round may take it (the decider is
         * where a spent budget ends the round, as {@code STEP_LIMIT}).
         *
         * @throws IllegalStateException if the budget is spent: a caller took a step the decider refused
         */
        public void take() {
            if (used >= limit) {
                throw new IllegalStateException("the step budget of " + limit + " is spent; RoundDecider.admit"
                        + " refuses the step that would exceed it, so ask it before taking one");
            }
            used++;
        }

        /** The steps taken so far. */
        public int used() {
            return used;
        }

        /** The budget's size. */
        public int limit() {
            return limit;
        }
    }
}
