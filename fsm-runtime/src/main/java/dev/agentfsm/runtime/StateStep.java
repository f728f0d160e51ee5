package dev.agentfsm.runtime;

import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.RoundDecider.Decision;
import dev.agentfsm.runtime.RoundDecider.WorkEnd;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;

/**
 * The end of a round's step chain: one state's work, within its declared time-out, and what the
 * decider says follows it. It runs the state's {@code handle} (the inbox holds its deadline
 * meanwhile), ends a subtask when the state ends one (telling the listeners), asks the state where
 * to go, and hands how the work ended ({@link WorkEnd}) to {@link RoundDecider}; an exception is a
 * step's end, not the round's. It remembers the failure that sent the round to {@code onError}.
 * Confined to the round's thread.
 */
final class StateStep {
    private final Context context;
    private final CancellationToken cancellation;
    private final Listeners listeners;
    private final SessionId session;
    private final int round;
    private final Subtasks subtasks = new Subtasks();

    /** The exception that sent the round to its machine's {@code onError} state, if one did. */
    private Optional<Exception> error = Optional.empty();
    /** How the round went to {@code onError}, the first part of its reason. */
    private String errorReason = "";

    StateStep(Context context, CancellationToken cancellation, Listeners listeners, SessionId session, int round) {
        this.context = context;
        this.cancellation = cancellation;
        this.listeners = listeners;
        this.session = session;
        this.round = round;
    }

    /**
     * Runs the work of {@code status} by {@code agent} as step {@code step} of the round, and says what follows.
     * A {@code replayed} step (the session's recorder holds it) ends its subtask without telling the listeners
     * again: they heard it when the step was recorded.
     */
    StepEnd run(Status status, Agent agent, int step, boolean replayed) {
        Inbox inbox = context.inbox();
        inbox.enter(status, cancellation);
        try {
            return attempt(status, agent, step, replayed);
        } finally {
            inbox.leave();
        }
    }

    private StepEnd attempt(Status status, Agent agent, int step, boolean replayed) {
        WorkEnd end;
        Optional<Exception> thrown = Optional.empty();
        try {
            int archived = subtasks.entering(status, context);
            RoundDecider.handle(status, agent, context);
            if (timedOut(status)) {
                end = new WorkEnd.TimedOut(status.timeout().orElseThrow().to());
            } else {
                Optional<RoundResult> refused =
                        status.endsSubtask() ? endSubtask(status, agent, step, archived, replayed) : Optional.empty();
                if (refused.isPresent()) {
                    return new StepEnd.Ended(refused.get());
                }
                if (!status.endsRound()) {
                    return chose(status, agent, step, RoundDecider.next(status, agent));
                }
                end = new WorkEnd.Finished();
            }
        } catch (SessionRecorder.Failure e) {
            throw e;
        } catch (Waiting.Suspension e) {
            return new StepEnd.Ended(RoundResult.suspended(
                    status, step, new Waiting(e.kind(), e.prompt(), status.qualifiedName(), round, step)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end = new WorkEnd.Cancelled("its thread was interrupted while " + status.qualifiedName() + " ran");
        } catch (CancellationException e) {
            if (cancellation.isCancelled()) {
                end = new WorkEnd.Cancelled(
                        "its CancellationToken was cancelled while " + status.qualifiedName() + " ran");
            } else {
                thrown = Optional.of(e);
                end = failure(status, e);
            }
        } catch (Exception e) {
            thrown = Optional.of(e);
            end = failure(status, e);
        }
        return decide(status, agent, step, end, thrown);
    }

    /** The state's choice, taken when the table declares it: the common step, which allocates only its end. */
    private StepEnd chose(Status status, Agent agent, int step, Next next) {
        boolean legal = next.from() == status && next.isLegal();
        Optional<Decision.End> refused =
                RoundDecider.chose(status, next.to(), legal ? next.move() : Optional.empty(), next.isHandOff(), step);
        if (refused.isPresent()) {
            return new StepEnd.Ended(result(refused.get(), status, step, Optional.empty()));
        }
        Move move = next.move().orElseThrow();
        // asked first and then taken: the JIT then knows the agent is there, and the Optional costs nothing
        Agent takesOver = next.isHandOff() ? next.agent().orElseThrow() : agent;
        return new StepEnd.Moved(move.to(), takesOver, move.trigger());
    }

    /**
     * What the decider says follows a step that did not choose; a move to {@code onError} remembers the
     * failure. {@code thrown} is what the work threw, the cause of a failed end.
     */
    private StepEnd decide(Status status, Agent agent, int step, WorkEnd end, Optional<Exception> thrown) {
        Decision decision = RoundDecider.decide(status, end, step, error.isPresent());
        if (decision instanceof Decision.Move move) {
            if (move.toOnError().isPresent()) {
                Exception failure = thrown.orElseThrow();
                error = Optional.of(failure);
                context.put(Context.ERROR, failure);
                errorReason = move.toOnError().get();
            }
            return new StepEnd.Moved(move.to(), agent, move.trigger());
        }
        return new StepEnd.Ended(result((Decision.End) decision, status, step, thrown));
    }

    /** The round's end in {@code at} as the decider gave it; {@code thrown} is the cause of a failed end. */
    static RoundResult result(Decision.End end, Status at, int steps, Optional<Exception> thrown) {
        Optional<Throwable> cause = end.failed() ? Optional.of(thrown.orElseThrow()) : Optional.empty();
        // no lambda: every round ends here, and its first end is in the machine's cold start
        Optional<RoundResult.Violation> violation = Optional.empty();
        if (end.violation().isPresent()) {
            WorkEnd.Refused v = end.violation().get();
            violation = Optional.of(new RoundResult.Violation(v.from(), v.requested(), v.allowed()));
        }
        return RoundResult.ended(end.outcome(), end.reason(), at, steps, cause, violation);
    }

    /** How a state's failed work ended: interrupted, timed out, a rejected reply, an unknown status, or a failure. */
    private WorkEnd failure(Status status, Exception e) {
        if (RoundDecider.interrupted(e)) {
            // an LLM or driver call that was interrupted restores the flag and throws its own
            // exception: the round is being cancelled, and onError is for failures, not for that
            Thread.currentThread().interrupt();
            return new WorkEnd.Cancelled(
                    "its thread was interrupted while " + status.qualifiedName() + " ran (" + e + ")");
        }
        if (timedOut(status)) {
            return new WorkEnd.TimedOut(status.timeout().orElseThrow().to());
        }
        if (e instanceof ReplyRejectedException rejected) {
            boolean refusedMove =
                    rejected.outcome() == Outcome.UNKNOWN_STATUS || rejected.outcome() == Outcome.ILLEGAL_TRANSITION;
            return new WorkEnd.Rejected(
                    rejected.outcome(),
                    rejected.getMessage(),
                    refusedMove
                            ? Optional.of(new WorkEnd.Refused(
                                    rejected.from(), String.valueOf(rejected.status()), rejected.allowed()))
                            : Optional.empty());
        }
        if (e instanceof UnknownStatusException unknown) {
            return new WorkEnd.UnknownStatus(unknown.machine(), Optional.ofNullable(unknown.status()), e.toString());
        }
        return new WorkEnd.Failed(e.toString());
    }

    /** Whether the state's declared time-out ran out before its work ended (as recorded, when replayed). */
    private boolean timedOut(Status status) {
        return status.timeout().isPresent() && context.inbox().ranOut();
    }

    /** The subtask-ending state has run: records the subtask it ended and tells the listeners, unless replayed. */
    private Optional<RoundResult> endSubtask(
            Status status, Agent agent, int step, int archivedBefore, boolean replayed) {
        Optional<ArchivedSubtask> ended = subtasks.end(status, context, archivedBefore);
        if (ended.isEmpty() || listeners.isEmpty() || replayed) {
            return Optional.empty();
        }
        return listeners.subtaskEnded(
                new SubtaskEvent(session.get(), round, step, agent.name(), status, subtasks.count(), ended.get()));
    }

    /** The exception that sent the round to its machine's {@code onError} state, if one did. */
    Optional<Exception> error() {
        return error;
    }

    /** How the round went to {@code onError}: the first part of its reason when it ends. */
    String errorReason() {
        return errorReason;
    }

    /** The subtasks the round ended so far, in order. */
    List<ArchivedSubtask> subtasks() {
        return subtasks.all();
    }
}
