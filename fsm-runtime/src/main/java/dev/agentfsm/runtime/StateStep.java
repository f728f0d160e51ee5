package dev.agentfsm.runtime;

import dev.agentfsm.runtime.internal.StateWork;
import dev.agentfsm.runtime.internal.WorkEnd;
import dev.agentfsm.runtime.journal.JournalException;
import dev.agentfsm.runtime.llm.ReplyRejectedException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Supplier;

/**
 * The end of a round's step chain: one state's work, within its declared time-out, and how it ended
 * as values for the decider. It runs the state's {@code handle} (the inbox holds its deadline
 * meanwhile), ends a subtask when the state ends one (telling the listeners), and asks the state
 * where to go; an exception is a step's end, not the round's. Confined to the round's thread.
 */
final class StateStep {
    private final Context context;
    private final CancellationToken cancellation;
    private final Listeners listeners;
    private final Supplier<String> session;
    private final int round;
    private final Subtasks subtasks = new Subtasks();

    /** The exception the last step's work threw, if it threw one. */
    private Optional<Exception> thrown = Optional.empty();
    /** The agent the last step's state handed off to, if it did. */
    private Optional<Agent> handOff = Optional.empty();
    /** The round's end when a listener failed on the last step's subtask. */
    private Optional<RoundResult> refused = Optional.empty();

    StateStep(
            Context context, CancellationToken cancellation, Listeners listeners, Supplier<String> session, int round) {
        this.context = context;
        this.cancellation = cancellation;
        this.listeners = listeners;
        this.session = session;
        this.round = round;
    }

    /** Runs the work of {@code status} by {@code agent} as step {@code step} of the round, and says how it ended. */
    WorkEnd run(Status status, Agent agent, int step) {
        thrown = Optional.empty();
        refused = Optional.empty();
        Inbox inbox = context.inbox();
        inbox.enter(status, cancellation);
        try {
            return attempt(status, agent, step);
        } finally {
            inbox.leave();
        }
    }

    private WorkEnd attempt(Status status, Agent agent, int step) {
        String here = status.qualifiedName();
        try {
            int archived = subtasks.entering(status, context);
            StateWork.handle(status, agent, context);
            if (timedOut(status)) {
                return new WorkEnd.TimedOut(status.timeout().orElseThrow().to());
            }
            if (status.endsSubtask()) {
                refused = endSubtask(status, agent, step, archived);
            }
            if (status.endsRound() || refused.isPresent()) {
                return new WorkEnd.Finished();
            }
            Next next = StateWork.decide(status, agent);
            handOff = next.agent();
            boolean legal = next.from() == status && next.isLegal();
            return new WorkEnd.Chose(next.to(), legal ? next.move() : Optional.empty(), next.isHandOff());
        } catch (JournalException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new WorkEnd.Cancelled("its thread was interrupted while " + here + " ran");
        } catch (CancellationException e) {
            return cancellation.isCancelled()
                    ? new WorkEnd.Cancelled("its CancellationToken was cancelled while " + here + " ran")
                    : failure(status, e);
        } catch (Exception e) {
            return failure(status, e);
        }
    }

    /** How a state's failed work ended: interrupted, timed out, a rejected reply, an unknown status, or a failure. */
    private WorkEnd failure(Status status, Exception e) {
        if (StateWork.interrupted(e)) {
            // an LLM or driver call that was interrupted restores the flag and throws its own
            // exception: the round is being cancelled, and onError is for failures, not for that
            Thread.currentThread().interrupt();
            return new WorkEnd.Cancelled(
                    "its thread was interrupted while " + status.qualifiedName() + " ran (" + e + ")");
        }
        if (timedOut(status)) {
            return new WorkEnd.TimedOut(status.timeout().orElseThrow().to());
        }
        thrown = Optional.of(e);
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

    /** The subtask-ending state has run: records the subtask it ended and tells the listeners. */
    private Optional<RoundResult> endSubtask(Status status, Agent agent, int step, int archivedBefore) {
        Optional<ArchivedSubtask> ended = subtasks.end(status, context, archivedBefore);
        if (ended.isEmpty() || listeners.isEmpty()) {
            return Optional.empty();
        }
        return listeners.subtaskEnded(
                new SubtaskEvent(session.get(), round, step, agent.name(), status, subtasks.count(), ended.get()));
    }

    /** The exception the last step's work threw, if it threw one. */
    Optional<Exception> thrown() {
        return thrown;
    }

    /** The agent the last step's state handed off to, if it did. */
    Optional<Agent> handOff() {
        return handOff;
    }

    /** The round's end when a listener failed on the last step's subtask end. */
    Optional<RoundResult> refused() {
        return refused;
    }

    /** The subtasks the round ended so far, in order. */
    List<ArchivedSubtask> subtasks() {
        return subtasks.all();
    }
}
