package dev.agentfsm.temporal;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import dev.agentfsm.runtime.internal.RoundReasons;
import dev.agentfsm.runtime.internal.StepBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * One round of a session in workflow code: the decisions of {@link dev.agentfsm.runtime.Round}, made
 * on values. The worker runs each state's work and reports how it ended ({@link StepEnd}); this
 * class checks the report against the generated table and chooses the next state: a declared move,
 * a hand-off to the agent the worker named, the machine's {@code onError} state (once) after a
 * failure, its fallback for an unknown status, the declared {@code TIMEOUT} target when a time-out
 * fired, or the round's end. It does no I/O and reads no clock, so it replays deterministically;
 * the reasons it gives are the embedded runtime's, from the same {@link RoundReasons}.
 */
final class RoundRun {

    /** Runs one state's work somewhere (in the workflow: an activity, user waits and timers) and says how it ended. */
    @FunctionalInterface
    interface Steps {
        StepResult run(StepInput input);
    }

    /** What the round does after a step: move on, or end. */
    private sealed interface After permits MoveOn, Ended {}

    private record MoveOn(Status to, String agent, Trigger trigger) implements After {}

    private record Ended(RoundReport report) implements After {}

    private final Machines machines;
    private final String session;
    private final String machine;
    private final int number;
    private final String request;
    private final Optional<String> previousRequest;
    private final StepBudget budget;
    private final BooleanSupplier cancelled;
    private final List<String> path = new ArrayList<>();
    private Status status;
    private String agent;
    private int steps;
    private Optional<String> roundResult = Optional.empty();
    /** The failure that sent the round to its machine's {@code onError} state, if one did. */
    private Optional<String> error = Optional.empty();

    private String errorReason = "";

    /**
     * @param machines where qualified statuses are looked up
     * @param session the session's id
     * @param initial the machine's initial status
     * @param agent the name of the session's agent
     * @param number the round's number, from 1
     * @param request the round's request
     * @param previousRequest the request of the round before, if any
     * @param budget the session's step budget
     * @param cancelled whether the session is being cancelled
     */
    RoundRun(
            Machines machines,
            String session,
            Status initial,
            String agent,
            int number,
            String request,
            Optional<String> previousRequest,
            StepBudget budget,
            BooleanSupplier cancelled) {
        this.machines = machines;
        this.session = session;
        this.machine = initial.machine().name();
        this.status = initial;
        this.agent = agent;
        this.number = number;
        this.request = request;
        this.previousRequest = previousRequest;
        this.budget = budget;
        this.cancelled = cancelled;
    }

    /** Runs the round to its end; every way it can end is a report, none of them an exception. */
    RoundReport run(Steps work) {
        Optional<RoundReport> refused = refuseStep(Optional.empty());
        while (refused.isEmpty()) {
            steps++;
            path.add(status.qualifiedName());
            StepResult result = work.run(input());
            roundResult = result.roundResult();
            After after = after(result.end());
            if (after instanceof Ended ended) {
                return finish(ended.report());
            }
            MoveOn move = (MoveOn) after;
            refused = refuseStep(Optional.of(move.to()));
            if (refused.isEmpty()) {
                status = move.to();
                agent = move.agent();
            }
        }
        return finish(refused.get());
    }

    /** The status of the current state. */
    Status status() {
        return status;
    }

    /** The name of the agent in the current state. */
    String agent() {
        return agent;
    }

    /** The qualified statuses entered so far. */
    List<String> path() {
        return List.copyOf(path);
    }

    private StepInput input() {
        return new StepInput(
                session,
                machine,
                number,
                request,
                previousRequest,
                status.qualifiedName(),
                agent,
                steps,
                budget.used(),
                roundResult,
                error,
                List.of());
    }

    /** Checks how the state's work ended against the table, and decides. */
    private After after(StepEnd end) {
        if (end instanceof StepEnd.Worked) {
            if (status.endsRound()) {
                return new Ended(completed());
            }
            return new Ended(internalError("the worker ran " + here() + " as a round-ending state, which the workflow's"
                    + " table says it is not: the worker and the workflow have different versions of " + machine
                    + "; deploy one version to both"));
        }
        if (end instanceof StepEnd.Decided decided) {
            if (status.endsRound()) {
                return new Ended(completed());
            }
            return check(decided);
        }
        if (end instanceof StepEnd.TimedOut timedOut) {
            return timedOut(timedOut);
        }
        if (end instanceof StepEnd.Failed failed) {
            return onError(failed.error());
        }
        if (end instanceof StepEnd.Rejected rejected) {
            return new Ended(rejected(rejected));
        }
        if (end instanceof StepEnd.UnknownStatus unknown) {
            return unknownStatus(unknown);
        }
        if (end instanceof StepEnd.Cancelled cancel) {
            return new Ended(cancelled(cancel.why()));
        }
        return new Ended(internalError("the workflow got " + end + " from " + here() + ", which it cannot act on;"
                + " this is a bug in fsm-temporal"));
    }

    /** A decision is legal when the worker's {@code Next} and this table both say so, hand-offs with their agent. */
    private After check(StepEnd.Decided decided) {
        Status to;
        try {
            to = machines.status(decided.target());
        } catch (IllegalArgumentException e) {
            return new Ended(internalError("the worker's decision in " + here() + " names " + decided.target()
                    + ", which the workflow does not know: " + e.getMessage()));
        }
        Optional<Move> move = status.moveTo(to);
        if (!decided.legal()
                || move.isEmpty()
                || move.get().isHandOff() != decided.handOff().isPresent()) {
            return new Ended(illegal(to));
        }
        return new MoveOn(to, decided.handOff().orElse(agent), move.get().trigger());
    }

    private After timedOut(StepEnd.TimedOut timedOut) {
        Status to = machines.status(timedOut.target());
        Optional<Move> move = status.moveTo(to).filter(m -> m.trigger() == Trigger.TIMEOUT);
        if (move.isEmpty()) {
            return new Ended(illegal(to));
        }
        return new MoveOn(to, agent, Trigger.TIMEOUT);
    }

    private After unknownStatus(StepEnd.UnknownStatus unknown) {
        TransitionTable<?> table = status.machine().table();
        if (!unknown.machine().equals(table.machine())) {
            return onError(unknown.error());
        }
        Optional<? extends Status> fallback = table.fallback();
        if (fallback.isEmpty()) {
            return new Ended(unknownStatus(unknown.status()));
        }
        return new MoveOn(fallback.get(), agent, Trigger.SYSTEM);
    }

    private After onError(String failure) {
        Optional<? extends Status> onError = status.machine().table().onError();
        if (onError.isEmpty() || onError.get() == status || error.isPresent()) {
            return new Ended(failedIn(failure));
        }
        error = Optional.of(failure);
        errorReason = RoundReasons.movedToOnError(status, failure, onError.get());
        return new MoveOn(onError.get(), agent, Trigger.SYSTEM);
    }

    /** Why the round may not enter its next state (cancelled, or out of steps); takes the step when it may. */
    private Optional<RoundReport> refuseStep(Optional<Status> to) {
        if (cancelled.getAsBoolean()) {
            return Optional.of(cancelled("its session's workflow was cancelled"));
        }
        if (!budget.tryTake()) {
            return Optional.of(report(Outcome.STEP_LIMIT, RoundReasons.stepLimit(budget.limit(), steps, status, to)));
        }
        return Optional.empty();
    }

    private RoundReport completed() {
        return report(Outcome.COMPLETED, RoundReasons.completed(status, steps));
    }

    private RoundReport failedIn(String failure) {
        return failed(RoundReasons.failed(status, failure, error.isPresent()), failure);
    }

    /** A report the workflow itself makes when worker and workflow disagree: an {@code ERROR} naming both sides. */
    private RoundReport internalError(String reason) {
        return failed(reason, "java.lang.IllegalStateException: " + reason);
    }

    private RoundReport failed(String reason, String failure) {
        return new RoundReport(
                Outcome.ERROR,
                reason,
                here(),
                List.of(),
                steps,
                Optional.of(failure),
                Optional.empty(),
                Optional.empty());
    }

    private RoundReport cancelled(String why) {
        return report(Outcome.CANCELLED, RoundReasons.cancelled(why, steps, status));
    }

    private RoundReport illegal(Status requested) {
        String name = RoundReasons.requested(status, requested);
        return violated(
                Outcome.ILLEGAL_TRANSITION,
                RoundReasons.illegal(status, name),
                new RoundReport.Violation(here(), name, qualified(status.targets())));
    }

    private RoundReport unknownStatus(String requested) {
        return violated(
                Outcome.UNKNOWN_STATUS,
                RoundReasons.unknownStatus(status, requested),
                new RoundReport.Violation(here(), requested, qualified(status.targets())));
    }

    private RoundReport rejected(StepEnd.Rejected rejected) {
        String reason = RoundReasons.rejected(status, rejected.message());
        if (rejected.outcome() == Outcome.UNKNOWN_STATUS || rejected.outcome() == Outcome.ILLEGAL_TRANSITION) {
            return violated(
                    rejected.outcome(),
                    reason,
                    new RoundReport.Violation(rejected.from(), rejected.requested(), rejected.allowed()));
        }
        return failed(reason, rejected.error());
    }

    private RoundReport violated(Outcome outcome, String reason, RoundReport.Violation violation) {
        return new RoundReport(
                outcome, reason, here(), List.of(), steps, Optional.empty(), Optional.of(violation), Optional.empty());
    }

    private RoundReport report(Outcome outcome, String reason) {
        return new RoundReport(
                outcome, reason, here(), List.of(), steps, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The report with its path and answer; an error that {@code onError} handled makes it an {@code ERROR} whatever came after. */
    private RoundReport finish(RoundReport end) {
        Outcome outcome = end.outcome();
        String reason = end.reason();
        Optional<String> failure = end.error();
        if (error.isPresent()) {
            reason = RoundReasons.afterOnError(errorReason, reason);
            outcome = Outcome.ERROR;
            failure = error;
        }
        return new RoundReport(outcome, reason, end.finalStatus(), path, steps, failure, end.violation(), roundResult);
    }

    private String here() {
        return status.qualifiedName();
    }

    private static List<String> qualified(List<? extends Status> statuses) {
        return statuses.stream().map(Status::qualifiedName).toList();
    }
}
