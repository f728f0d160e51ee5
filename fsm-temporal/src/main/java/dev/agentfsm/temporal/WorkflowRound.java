package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundDecider;
import dev.agentfsm.runtime.RoundDecider.Decision;
import dev.agentfsm.runtime.RoundDecider.StepBudget;
import dev.agentfsm.runtime.RoundDecider.WorkEnd;
import dev.agentfsm.runtime.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * One round of a session in workflow code. The worker runs each state's work and reports how it
 * ended ({@link StepEnd}); this class turns the report into the facts the runtime's
 * {@link RoundDecider} reads and follows its decision, as the embedded
 * {@link dev.agentfsm.runtime.Round} does: a declared move, a hand-off to the agent the worker named,
 * the machine's {@code onError} state (once) after a failure, its fallback for an unknown status, the
 * declared {@code TIMEOUT} target when a time-out fired, or the round's end, in the same words. It
 * does no I/O and reads no clock, so it replays deterministically. What is its own is what only a
 * workflow meets: a worker whose machines differ from the workflow's.
 */
final class WorkflowRound {

    /** Runs one state's work somewhere (in the workflow: an activity, user waits and timers) and says how it ended. */
    @FunctionalInterface
    interface Steps {
        StepResult run(StepInput input);
    }

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
    WorkflowRound(
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
        Optional<RoundReport> refused = admit(status);
        while (refused.isEmpty()) {
            steps++;
            path.add(status.qualifiedName());
            StepResult result = work.run(input());
            roundResult = result.roundResult();
            Optional<String> failure = failure(result.end());
            Decision decision = decide(result.end());
            if (decision instanceof Decision.End end) {
                return finish(report(end, failure));
            }
            Decision.Move move = (Decision.Move) decision;
            if (move.toOnError().isPresent()) {
                error = failure;
                errorReason = move.toOnError().get();
            }
            refused = admit(move.to());
            if (refused.isEmpty()) {
                status = move.to();
                agent = move.handOff()
                        ? ((StepEnd.Decided) result.end()).handOff().orElseThrow()
                        : agent;
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

    /** The worker's report as the decider's facts, checked first for what only a workflow meets. */
    private Decision decide(StepEnd end) {
        if (end instanceof StepEnd.Worked && !status.endsRound()) {
            return internalError("the worker ran " + here() + " as a round-ending state, which the workflow's"
                    + " table says it is not: the worker and the workflow have different versions of " + machine
                    + "; deploy one version to both");
        }
        if (end instanceof StepEnd.Awaiting) {
            return internalError("the workflow got " + end + " from " + here() + ", which it cannot act on;"
                    + " this is a bug in fsm-temporal");
        }
        WorkEnd facts;
        try {
            facts = facts(end);
        } catch (IllegalArgumentException e) {
            return internalError("the worker's decision in " + here() + " names a status the workflow does not"
                    + " know: " + e.getMessage());
        }
        return RoundDecider.decide(status, facts, steps, error.isPresent());
    }

    private WorkEnd facts(StepEnd end) {
        if (end instanceof StepEnd.Worked) {
            return new WorkEnd.Finished();
        }
        if (end instanceof StepEnd.Decided decided) {
            Status to = machines.status(decided.target());
            Optional<Move> declared = decided.legal() ? status.moveTo(to) : Optional.empty();
            return new WorkEnd.Chose(to, declared, decided.handOff().isPresent());
        }
        if (end instanceof StepEnd.TimedOut timedOut) {
            return new WorkEnd.TimedOut(machines.status(timedOut.target()));
        }
        if (end instanceof StepEnd.Failed failed) {
            return new WorkEnd.Failed(failed.error());
        }
        if (end instanceof StepEnd.Rejected rejected) {
            boolean refused =
                    rejected.outcome() == Outcome.UNKNOWN_STATUS || rejected.outcome() == Outcome.ILLEGAL_TRANSITION;
            return new WorkEnd.Rejected(
                    rejected.outcome(),
                    rejected.message(),
                    refused
                            ? Optional.of(new WorkEnd.Refused(
                                    machines.status(rejected.from()),
                                    rejected.requested(),
                                    rejected.allowed().stream()
                                            .map(machines::status)
                                            .toList()))
                            : Optional.empty());
        }
        if (end instanceof StepEnd.UnknownStatus unknown) {
            return new WorkEnd.UnknownStatus(unknown.machine(), Optional.of(unknown.status()), unknown.error());
        }
        return new WorkEnd.Cancelled(((StepEnd.Cancelled) end).why());
    }

    /** The step's own failure, as text, when its report carries one. */
    private static Optional<String> failure(StepEnd end) {
        if (end instanceof StepEnd.Failed failed) {
            return Optional.of(failed.error());
        }
        if (end instanceof StepEnd.Rejected rejected) {
            return Optional.of(rejected.error());
        }
        if (end instanceof StepEnd.UnknownStatus unknown) {
            return Optional.of(unknown.error());
        }
        return Optional.empty();
    }

    /** Why the round may not enter its next state (cancelled, or out of steps); takes the step when it may. */
    private Optional<RoundReport> admit(Status to) {
        Optional<String> why =
                cancelled.getAsBoolean() ? Optional.of("its session's workflow was cancelled") : Optional.empty();
        Optional<Decision.End> refused = RoundDecider.admit(status, to, steps, why, budget.used(), budget.limit());
        if (refused.isPresent()) {
            return Optional.of(report(refused.get(), Optional.empty()));
        }
        budget.take();
        return Optional.empty();
    }

    /** An end the workflow itself makes when worker and workflow disagree: an {@code ERROR} naming both sides. */
    private Decision.End internalError(String reason) {
        return new Decision.End(Outcome.ERROR, reason, Optional.empty(), true);
    }

    private RoundReport report(Decision.End end, Optional<String> failure) {
        Optional<String> cause = end.failed()
                ? Optional.of(failure.orElseGet(() -> "java.lang.IllegalStateException: " + end.reason()))
                : Optional.empty();
        return new RoundReport(
                end.outcome(),
                end.reason(),
                here(),
                List.of(),
                steps,
                cause,
                end.violation()
                        .map(v -> new RoundReport.Violation(
                                v.from().qualifiedName(), v.requested(), qualified(v.allowed()))),
                Optional.empty());
    }

    /** The report with its path and answer; an error that {@code onError} handled makes it an {@code ERROR} whatever came after. */
    private RoundReport finish(RoundReport end) {
        Outcome outcome = end.outcome();
        String reason = end.reason();
        Optional<String> failure = end.error();
        if (error.isPresent()) {
            reason = RoundDecider.afterOnError(errorReason, reason);
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
