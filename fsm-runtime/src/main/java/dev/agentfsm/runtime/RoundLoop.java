package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.llm.ReplyRejectedException;
import java.nio.channels.ClosedByInterruptException;
import java.util.List;
import java.util.Optional;

/**
 * One run of a round (a {@link Round}, or one of a {@link Session}'s): the loop and its mutable state,
 * confined to the calling thread.
 *
 * <p>The step itself (state lookup, {@code handle}, the decision, the table check, the switch, and
 * listener dispatch when there are no listeners) allocates nothing: it works on state indices, the
 * generated tables' constant lists and {@link Next} constants, keeps the step counters in unboxed
 * context cells, and records the path in preallocated arrays. Strings for people are built only when
 * the round ends.
 */
final class RoundLoop {
    /** Room for the usual completed reason ("HostAgent reached FINISH, which ends the round, after 9 steps"). */
    private static final int COMPLETED_REASON_CAPACITY = 96;

    /** How deep a cause chain is searched for an interrupt (a chain can loop). */
    private static final int MAX_CAUSES = 32;

    private final Context context;
    private final StepBudget budget;
    private final TransitionListener[] listeners;
    private final CancellationToken cancellation;
    private final String session;
    private final int round;
    private final PathRecorder path;

    private StateManager<?, ?> machine;
    private int index;
    private Agent agent;
    private int steps;

    /** The move chosen in the current step, made once the budget and the listeners allow it. */
    private StateManager<?, ?> toMachine;
    private int toIndex;
    private Agent toAgent;
    private String toName;
    private Trigger toTrigger;

    /** The exception that sent the round to its machine's {@code onError} state, if one did. */
    private Exception error;
    private String errorReason;

    RoundLoop(StateManager<?, ?> machine, Agent agent, Context context, StepBudget budget,
            TransitionListener[] listeners, CancellationToken cancellation, String session, int round) {
        this.machine = machine;
        this.agent = agent;
        this.context = context;
        this.budget = budget;
        this.listeners = listeners;
        this.cancellation = cancellation;
        this.session = session;
        this.round = round;
        this.path = new PathRecorder(budget.limit() - budget.used());
    }

    RoundResult run() {
        TransitionTable startTable = machine.table();
        index = startTable.indexOf(startTable.initial());
        if (index < 0) {
            throw new IllegalStateException(machine.machine() + "'s table names the initial status "
                    + startTable.initial() + " but has no state with it; regenerate the machine");
        }
        agent.setStatus(startTable.initial());
        context.remove(Context.ROUND_RESULT);
        context.remove(Context.ERROR);
        // looked up once: a step sets them without a map lookup
        Context.IntCell roundStep = context.counter(Context.ROUND_STEP);
        Context.IntCell sessionStep = context.counter(Context.SESSION_STEP);
        roundStep.value = 0;
        RoundResult end = refuseStep(null);
        while (end == null) {
            steps++;
            path.add(machine, index);
            roundStep.value = steps;
            sessionStep.increment();
            // only a listener's event carries the step's time: no clock read without one
            long started = listeners.length == 0 ? 0L : System.nanoTime();
            TransitionTable table = machine.table();
            String from = table.statuses().get(index);
            end = work(table, from);
            if (end == null) {
                end = refuseStep(toName);
            }
            if (end == null) {
                end = announce(from, started);
            }
            if (end == null) {
                machine = toMachine;
                index = toIndex;
                agent = toAgent;
                agent.setStatus(toMachine.table().statuses().get(toIndex));
            }
        }
        return finish(end);
    }

    /**
     * Runs the current state and chooses the next one (into the {@code to*} fields), or says how the
     * round ends here. An exception takes the machine to its {@code onError} state, once.
     */
    private RoundResult work(TransitionTable table, String from) {
        try {
            handle(machine, index, agent, context);
            if (table.endsRound(index)) {
                return completed(from);
            }
            return choose(table, from, decide(machine, index, agent));
        } catch (ReplyRejectedException e) {
            return rejected(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return cancelled("its thread was interrupted while " + here() + " ran");
        } catch (Exception e) {
            if (interrupted(e)) {
                // an LLM or driver call that was interrupted restores the flag and throws its own
                // exception: the round is being cancelled, and onError is for failures, not for that
                Thread.currentThread().interrupt();
                return cancelled("its thread was interrupted while " + here() + " ran (" + e + ")");
            }
            Optional<String> onError = table.onError();
            if (onError.isEmpty() || onError.get().equals(from) || error != null) {
                return failedIn(e, from);
            }
            noteError(e);
            moveWithin(table, onError.get());
            return null;
        }
    }

    /**
     * Whether {@code e} ended the state's work because the thread was interrupted: the flag is still
     * set, or an {@link InterruptedException} (or a channel closed by the interrupt) is among its causes.
     */
    private static boolean interrupted(Exception e) {
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

    /** Checks a decision against the table and, when it is allowed, makes it the next move. */
    private RoundResult choose(TransitionTable table, String from, Next next) {
        if (!next.isLegal()) {
            if (table.indexOf(next.status()) >= 0) {
                return illegal(table, from, next.status());
            }
            if (table.fallback().isEmpty()) {
                return unknownStatus(table, from, next.status());
            }
            moveWithin(table, table.fallback().get());
            return null;
        }
        if (next.source().getClass() != machine.getClass() || !from.equals(next.from())
                || !table.allows(index, next.target())) {
            return illegal(table, from, next.target());
        }
        toMachine = next.machine();
        toIndex = next.index();
        toAgent = next.agent(agent);
        toName = next.target();
        toTrigger = next.trigger().get();
        if (!toMachine.agentType().isInstance(toAgent)) {
            return failedIn(new IllegalStateException(next + " hands control to " + toAgent.getClass().getName()
                    + ", but " + toMachine.machine() + " drives " + toMachine.agentType().getName()), from);
        }
        return null;
    }

    /** A move the runtime makes itself (to the fallback or the onError state): same machine, same agent. */
    private void moveWithin(TransitionTable table, String status) {
        toMachine = machine;
        toIndex = table.indexOf(status);
        toAgent = agent;
        toName = status;
        toTrigger = Trigger.SYSTEM;
    }

    /** Tells the listeners about the next move; builds no event when there are none. */
    private RoundResult announce(String from, long started) {
        if (listeners.length == 0) {
            return null;
        }
        TransitionEvent event = new TransitionEvent(session, round, steps, agent.name(), machine.machine(), from,
                toName, toTrigger, System.nanoTime() - started);
        for (TransitionListener listener : listeners) {
            try {
                listener.onTransition(event);
            } catch (RuntimeException e) {
                return failed(e, "listener " + listener.getClass().getName() + " failed on the transition "
                        + machine.machine() + "." + from + " -> " + toName + ": " + e);
            }
        }
        return null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void handle(StateManager<?, ?> machine, int index, Agent agent, Context context)
            throws Exception {
        ((AgentState) machine.state(index)).handle(agent, context);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Next decide(StateManager<?, ?> machine, int index, Agent agent) {
        return ((StateManager) machine).next(index, agent);
    }

    /**
     * Why the round may not enter its next state (cancelled, interrupted, or out of steps), or
     * {@code null} when it may; takes the step when it may.
     */
    private RoundResult refuseStep(String to) {
        if (cancellation.isCancelled()) {
            return cancelled("its CancellationToken was cancelled");
        }
        if (Thread.currentThread().isInterrupted()) {
            return cancelled("its thread was interrupted");
        }
        if (!budget.tryTake()) {
            String where = steps == 0 ? "before entering " + here()
                    : "in " + here() + ", about to move to " + to;
            return result(Outcome.STEP_LIMIT, "the step budget of " + budget.limit() + " steps was spent ("
                    + steps + " by this round) before a round-ending state was reached; stopped " + where);
        }
        return null;
    }

    private void noteError(Exception e) {
        error = e;
        context.put(Context.ERROR, e);
        errorReason = here() + " failed with " + e + "; " + machine.machine() + " moved to its onError state "
                + machine.table().onError().orElseThrow();
    }

    private RoundResult completed(String status) {
        // built once per round; sized so that it is one array, not a StringBuilder growing three times
        String reason = new StringBuilder(COMPLETED_REASON_CAPACITY).append(machine.machine()).append(" reached ")
                .append(status).append(", which ends the round, after ").append(steps)
                .append(steps == 1 ? " step" : " steps").toString();
        return result(Outcome.COMPLETED, reason);
    }

    private RoundResult failedIn(Exception e, String status) {
        return failed(e, machine.machine() + "." + status + " failed with " + e
                + (error == null && machine.table().onError().isEmpty()
                        ? "; " + machine.machine() + " declares no onError state" : ""));
    }

    private RoundResult failed(Exception e, String reason) {
        return new RoundResult(Outcome.ERROR, reason, here(), List.of(), steps, Optional.of(e),
                Optional.empty(), Optional.empty());
    }

    private RoundResult cancelled(String why) {
        return result(Outcome.CANCELLED, "the round was cancelled: " + why + ", after " + steps
                + (steps == 1 ? " step" : " steps") + ", in " + here());
    }

    private RoundResult illegal(TransitionTable table, String from, String requested) {
        List<String> allowed = table.targets(from);
        return violated(Outcome.ILLEGAL_TRANSITION, machine.machine() + "." + from + " asked to move to "
                + quoted(requested) + ", which it does not declare; it may move to " + allowed,
                new RoundResult.Violation(machine.machine(), from, orEmpty(requested), allowed));
    }

    private RoundResult unknownStatus(TransitionTable table, String from, String requested) {
        List<String> allowed = table.targets(from);
        return violated(Outcome.UNKNOWN_STATUS, machine.machine() + " has no state for status "
                + quoted(requested) + " (asked for in " + from + ") and declares no fallback; known statuses: "
                + table.statuses() + "; " + from + " may move to " + allowed,
                new RoundResult.Violation(machine.machine(), from, orEmpty(requested), allowed));
    }

    private RoundResult rejected(ReplyRejectedException e) {
        String reason = "the LLM's reply was rejected in " + here() + ": " + e.getMessage();
        if (e.outcome() == Outcome.UNKNOWN_STATUS || e.outcome() == Outcome.ILLEGAL_TRANSITION) {
            return violated(e.outcome(), reason,
                    new RoundResult.Violation(e.machine(), e.from(), orEmpty(e.status()), e.allowed()));
        }
        return failed(e, reason);
    }

    private RoundResult violated(Outcome outcome, String reason, RoundResult.Violation violation) {
        return new RoundResult(outcome, reason, here(), List.of(), steps, Optional.empty(),
                Optional.of(violation), Optional.empty());
    }

    private RoundResult result(Outcome outcome, String reason) {
        return new RoundResult(outcome, reason, here(), List.of(), steps, Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    /**
     * The round's result with its path and answer filled in; an error that {@code onError} handled
     * makes it an {@code ERROR} whatever came after. Every listener then hears the end; one that
     * throws turns the result into an {@code ERROR} naming it.
     */
    private RoundResult finish(RoundResult end) {
        Outcome outcome = end.outcome();
        String reason = end.reason();
        Optional<Throwable> cause = end.error();
        if (error != null) {
            reason = errorReason + "; then " + reason;
            outcome = Outcome.ERROR;
            // only an ERROR ending carries an exception of its own: the first failure is the cause
            cause.filter(later -> later != error).ifPresent(error::addSuppressed);
            cause = Optional.of(error);
        }
        RoundResult result = new RoundResult(outcome, reason, end.finalStatus(), path.toStatuses(), steps,
                cause, end.violation(), context.get(Context.ROUND_RESULT));
        RuntimeException listenerFailure = null;
        String failedListener = null;
        for (TransitionListener listener : listeners) {
            try {
                listener.onRoundEnd(session, round, result);
            } catch (RuntimeException e) {
                if (listenerFailure == null) {
                    listenerFailure = e;
                    failedListener = listener.getClass().getName();
                } else {
                    listenerFailure.addSuppressed(e);
                }
            }
        }
        if (listenerFailure == null) {
            return result;
        }
        return new RoundResult(Outcome.ERROR, "listener " + failedListener + " failed at the end of the round with "
                + listenerFailure + "; the round itself ended as " + result.outcome() + ": " + result.reason(),
                result.finalStatus(), result.path(), steps, Optional.of(listenerFailure), result.violation(),
                result.result());
    }

    /** The current state as {@code Machine.STATUS}. */
    private String here() {
        return PathRecorder.qualified(machine, index);
    }

    private static String quoted(String status) {
        return status == null ? "null" : '"' + status + '"';
    }

    private static String orEmpty(String status) {
        return status == null ? "" : status;
    }
}
