package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.internal.RoundReasons;
import dev.agentfsm.runtime.internal.StateWork;
import dev.agentfsm.runtime.internal.StepBudget;
import dev.agentfsm.runtime.journal.JournalException;
import dev.agentfsm.runtime.journal.JournalRecord;
import dev.agentfsm.runtime.llm.ReplyRejectedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;

/**
 * One round of an agent's machine: UFO's loop with defined semantics. For each state entered it runs
 * {@code handle} (terminal states included); a subtask-ending state ends a subtask (a
 * {@link SubtaskEvent}); a round-ending state stops the round; otherwise the next
 * state comes from the state's own {@code next(agent, to)}, its only move, or the agent's status, is
 * checked against the generated table, announced to listeners, and the state (and, for a hand-off,
 * the agent) switches. {@link #run()} always returns a {@link RoundResult}; it never reports a step
 * limit, an error or an illegal move as success.
 *
 * <pre>{@code
 * RoundResult result = Round.of(HostAgentStateManager.instance(), host)
 *         .context(context).listener(trace).build().run();
 * }</pre>
 *
 * <p>The round's step limit is the agent's {@link Agent#config()} {@code maxStep}, unless
 * {@link Builder#config} gives other settings. A {@link Session} runs rounds over successive requests.
 *
 * <p>A state that declares {@code @Timeout} has its time counted from when it is entered: when its work
 * ends after the deadline (returning or throwing), the round takes the declared {@code TIMEOUT} move.
 */
public final class Round {
    private final StateManager<?, ?> machine;
    private final Agent agent;
    private final Context context;
    private final StepBudget budget;
    private final List<TransitionListener> listeners;
    private final CancellationToken cancellation;
    /** The session's id; empty for a lone round until a listener needs one (a random UUID takes about a microsecond). */
    private Optional<String> session;

    private final int number;
    private final Optional<Journal> journal;
    private boolean started;

    Round(
            StateManager<?, ?> machine,
            Agent agent,
            Context context,
            StepBudget budget,
            List<TransitionListener> listeners,
            CancellationToken cancellation,
            Optional<String> session,
            int number,
            Optional<Journal> journal) {
        this.machine = machine;
        this.agent = agent;
        this.context = context;
        this.budget = budget;
        this.listeners = List.copyOf(listeners);
        this.cancellation = cancellation;
        this.session = session;
        this.number = number;
        this.journal = journal;
    }

    /** Starts building a round of {@code machine} driving {@code agent}, from the machine's initial state. */
    public static <A extends Agent> Builder<A> of(StateManager<A, ?> machine, A agent) {
        return new Builder<>(machine, agent);
    }

    /**
     * Runs the round to its end on the calling thread. A {@link java.lang.Error} thrown by a state is
     * not caught: it ends the round like a crash, and the listeners have heard every transition before it.
     *
     * @throws IllegalStateException if the round was run before; a round runs once
     * @throws JournalException if the session's journal could not replay a recorded step as recorded
     * @throws java.io.UncheckedIOException if the session's journal could not be written
     */
    public RoundResult run() {
        if (started) {
            throw new IllegalStateException(
                    "this round of " + machine.name() + " has already run;" + " build a new Round for another run");
        }
        started = true;
        return new Run().run();
    }

    /** What one step came to: the move to make next, or the round's end. */
    private sealed interface StepEnd permits MoveOn, Ended {}

    /** The table allowed a move: to {@code to}, where {@code agent} acts. */
    private record MoveOn(Status to, Agent agent, Trigger trigger) implements StepEnd {}

    /** The round ends here. */
    private record Ended(RoundResult result) implements StepEnd {}

    /** The loop and its state, confined to the calling thread. */
    private final class Run {
        private final List<Status> path = new ArrayList<>();
        private Status status;
        private Agent current = agent;
        private int steps;
        /** The exception that sent the round to its machine's {@code onError} state, if one did. */
        private Optional<Exception> error = Optional.empty();

        private String errorReason = "";
        /** The subtasks that ended so far, in order. */
        private final List<ArchivedSubtask> subtasks = new ArrayList<>();
        /** Whether the last state that ran ended a subtask: a clean-up move from it to another such state ends no more. */
        private boolean subtaskJustEnded;
        /** Whether the step now running is replayed from the journal: its transition was announced before. */
        private boolean replaying;
        /** Whether the round's end was replayed from the journal rather than reached by the replay. */
        private boolean endReplayed;

        /** Runs the current state's work as one step, which the session's journal records or replays. */
        private StepEnd step() {
            Inbox inbox = context.inbox();
            // if-present rather than lambdas: a step without a journal allocates nothing for it
            if (journal.isPresent()) {
                journal.get().beginStep(number, steps, budget.used(), current, status, context);
            }
            replaying = journal.isPresent() && journal.get().stepReplayed();
            StepEnd end;
            inbox.enter(status, cancellation);
            try {
                end = work();
            } catch (RuntimeException | Error e) {
                if (journal.isPresent()) {
                    journal.get().abandonStep();
                }
                throw e;
            } finally {
                inbox.leave();
            }
            if (journal.isPresent()) {
                if (end instanceof Ended ended && ended.result().outcome() == Outcome.CANCELLED) {
                    journal.get().abandonStep(); // cut off: on resume it runs again
                } else if (end instanceof Ended ended) {
                    journal.get()
                            .endStep(
                                    Optional.empty(), Optional.of(ended.result().outcome()), context);
                } else {
                    MoveOn move = (MoveOn) end;
                    journal.get()
                            .endStep(
                                    Optional.of(
                                            new JournalRecord.Moved(move.to().qualifiedName(), move.trigger())),
                                    Optional.empty(),
                                    context);
                }
            }
            return end;
        }

        RoundResult run() {
            status = machine.table().initial();
            current.setStatus(status);
            context.remove(Context.ROUND_RESULT);
            context.remove(Context.ERROR);
            context.put(Context.ROUND_STEP, 0);
            Optional<RoundResult> refused = refuseFirstStep();
            while (refused.isEmpty()) {
                steps++;
                path.add(status);
                context.stepTaken(steps);
                // only a listener's TransitionEvent reports the step's time: without one, no clock is read
                long stepStart = listeners.isEmpty() ? 0 : System.nanoTime();
                StepEnd end = step();
                if (end instanceof Ended ended) {
                    return finish(ended.result());
                }
                MoveOn move = (MoveOn) end;
                boolean heardBefore = replaying;
                refused = refuseStep(move.to());
                if (refused.isEmpty() && !heardBefore) {
                    refused = announce(move, stepStart);
                }
                if (refused.isEmpty()) {
                    status = move.to();
                    current = move.agent();
                    current.setStatus(status);
                }
            }
            return finish(refused.get());
        }

        /**
         * Runs the current state and chooses the next one, or says how the round ends here. An
         * exception takes the machine to its {@code onError} state, once; an unknown status to its
         * fallback state.
         */
        private StepEnd work() {
            try {
                boolean endsSubtask = status.endsSubtask();
                if (!endsSubtask) {
                    subtaskJustEnded = false; // entering any other state begins a new subtask
                }
                // what a subtask-ending state's handle archives is the subtask it ended; no other state looks
                int archived = endsSubtask
                        ? context.get(Context.PREVIOUS_SUBTASKS).orElseThrow().size()
                        : 0;
                StateWork.handle(status, current, context);
                if (timedOut()) {
                    return timeoutMove();
                }
                if (endsSubtask) {
                    Optional<RoundResult> refused = endSubtask(archived);
                    if (refused.isPresent()) {
                        return new Ended(refused.get());
                    }
                }
                if (status.endsRound()) {
                    return new Ended(completed());
                }
                return check(StateWork.decide(status, current));
            } catch (JournalException e) {
                throw e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Ended(cancelled("its thread was interrupted while " + here() + " ran"));
            } catch (CancellationException e) {
                if (cancellation.isCancelled()) {
                    return new Ended(cancelled("its CancellationToken was cancelled while " + here() + " ran"));
                }
                return failure(e);
            } catch (Exception e) {
                return failure(e);
            }
        }

        /** Whether the state's declared time-out ran out before its work ended (as recorded, when replayed). */
        private boolean timedOut() {
            if (status.timeout().isEmpty()) {
                return false;
            }
            boolean live = context.inbox().expired();
            return journal.isPresent() ? journal.get().timedOut(live) : live;
        }

        private StepEnd timeoutMove() {
            return new MoveOn(status.timeout().orElseThrow().to(), current, Trigger.TIMEOUT);
        }

        /** Where a state's failed work goes: its time-out's move, a cancellation, the fallback or onError state, or the round's end. */
        private StepEnd failure(Exception e) {
            TransitionTable<?> table = status.machine().table();
            if (StateWork.interrupted(e)) {
                // an LLM or driver call that was interrupted restores the flag and throws its own
                // exception: the round is being cancelled, and onError is for failures, not for that
                Thread.currentThread().interrupt();
                return new Ended(cancelled("its thread was interrupted while " + here() + " ran (" + e + ")"));
            }
            if (timedOut()) {
                return timeoutMove();
            }
            if (e instanceof ReplyRejectedException rejected) {
                return new Ended(rejected(rejected));
            }
            if (e instanceof UnknownStatusException unknown) {
                if (!unknown.machine().equals(table.machine())) {
                    return onError(table, e);
                }
                Optional<? extends Status> fallback = table.fallback();
                if (fallback.isEmpty()) {
                    return new Ended(unknownStatus(unknown.status()));
                }
                return new MoveOn(fallback.get(), current, Trigger.SYSTEM);
            }
            return onError(table, e);
        }

        private StepEnd onError(TransitionTable<?> table, Exception e) {
            Optional<? extends Status> onError = table.onError();
            if (onError.isEmpty() || onError.get() == status || error.isPresent()) {
                return new Ended(failedIn(e));
            }
            error = Optional.of(e);
            context.put(Context.ERROR, e);
            errorReason = RoundReasons.movedToOnError(status, e.toString(), onError.get());
            return new MoveOn(onError.get(), current, Trigger.SYSTEM);
        }

        /** Checks a decision against the declaration: the state's own, legal, and to an agent of the right type. */
        private StepEnd check(Next next) {
            if (next.from() != status || !next.isLegal()) {
                return new Ended(illegal(next.to()));
            }
            Move move = next.move().orElseThrow();
            return new MoveOn(move.to(), next.agent().orElse(current), move.trigger());
        }

        /** Tells the listeners about the next move; {@code stepStart} is when the step began, by {@link System#nanoTime()}. */
        private Optional<RoundResult> announce(MoveOn move, long stepStart) {
            if (listeners.isEmpty()) {
                return Optional.empty();
            }
            TransitionEvent event = new TransitionEvent(
                    session(),
                    number,
                    steps,
                    current.name(),
                    status,
                    move.to(),
                    move.trigger(),
                    System.nanoTime() - stepStart);
            for (TransitionListener listener : listeners) {
                try {
                    listener.onTransition(event);
                } catch (RuntimeException e) {
                    return Optional.of(failed(
                            e,
                            "listener " + listener.getClass().getName()
                                    + " failed on the transition " + status.qualifiedName() + " -> "
                                    + move.to().qualifiedName() + ": " + e));
                }
            }
            return Optional.empty();
        }

        /**
         * The subtask-ending state's {@code handle} has run: finds the subtask it archived (or archives
         * one for it), records it and tells the listeners; see {@link SubtaskEvent} for the rule.
         *
         * @param archivedBefore how many subtasks the context held before the state ran
         * @return the round's end when a listener failed
         */
        private Optional<RoundResult> endSubtask(int archivedBefore) {
            List<ArchivedSubtask> archive =
                    context.get(Context.PREVIOUS_SUBTASKS).orElseThrow();
            ArchivedSubtask ended;
            int archived = archive.size();
            if (archived > archivedBefore) {
                ended = archive.get(archived - 1);
            } else if (subtaskJustEnded) {
                return Optional.empty();
            } else {
                ended = new ArchivedSubtask(
                        context.get(Context.SUBTASK)
                                .or(() -> context.get(Context.REQUEST))
                                .orElse(""),
                        status,
                        context.get(Context.ROUND_RESULT)
                                .or(() -> context.get(Context.ERROR).map(Exception::toString))
                                .orElse(""));
                archive.add(ended); // as context.archive(ended) does
            }
            subtaskJustEnded = true;
            subtasks.add(ended);
            if (listeners.isEmpty()) {
                return Optional.empty();
            }
            SubtaskEvent event =
                    new SubtaskEvent(session(), number, steps, current.name(), status, subtasks.size(), ended);
            for (TransitionListener listener : listeners) {
                try {
                    listener.onSubtaskEnd(event);
                } catch (RuntimeException e) {
                    return Optional.of(failed(
                            e,
                            "listener " + listener.getClass().getName() + " failed on the end of" + " subtask "
                                    + subtasks.size() + " in " + here() + ": " + e));
                }
            }
            return Optional.empty();
        }

        /** Why the round may not enter its initial state (cancelled, interrupted, or out of steps); takes the step when it may. */
        private Optional<RoundResult> refuseFirstStep() {
            Optional<RoundResult> refused = refusal();
            if (refused.isEmpty() && !budget.tryTake()) {
                return Optional.of(outOfSteps(Optional.empty()));
            }
            return refused;
        }

        /** Why the round may not move to {@code to} (cancelled, interrupted, or out of steps); takes the step when it may. */
        private Optional<RoundResult> refuseStep(Status to) {
            Optional<RoundResult> refused = refusal();
            if (refused.isEmpty() && !budget.tryTake()) {
                return Optional.of(outOfSteps(Optional.of(to)));
            }
            return refused;
        }

        /** Why the round may not take another step, the budget aside: its recorded end, a cancellation or an interrupt. */
        private Optional<RoundResult> refusal() {
            if (journal.isPresent()) {
                Optional<JournalRecord.RoundEnd> recorded = journal.get().recordedEnd(number);
                if (recorded.isPresent()) {
                    return Optional.of(replayedEnd(recorded.get()));
                }
            }
            if (cancellation.isCancelled()) {
                return Optional.of(cancelled("its CancellationToken was cancelled"));
            }
            if (Thread.currentThread().isInterrupted()) {
                return Optional.of(cancelled("its thread was interrupted"));
            }
            return Optional.empty();
        }

        private RoundResult outOfSteps(Optional<Status> to) {
            return result(Outcome.STEP_LIMIT, RoundReasons.stepLimit(budget.limit(), steps, status, to));
        }

        /**
         * The end the journal recorded for this round at this point: the recorded run ended here for a
         * reason a replay does not see again (a cancellation, a listener that failed).
         */
        private RoundResult replayedEnd(JournalRecord.RoundEnd end) {
            endReplayed = true;
            Outcome outcome = Outcome.valueOf(end.outcome());
            Optional<Throwable> cause = outcome == Outcome.ERROR
                    ? Optional.of(error.<Throwable>map(e -> e).orElseGet(() -> new RecordedFailure(end.reason())))
                    : Optional.empty();
            return new RoundResult(
                    outcome, end.reason(), status, List.of(), steps, cause, Optional.empty(), Optional.empty());
        }

        private RoundResult completed() {
            return result(Outcome.COMPLETED, RoundReasons.completed(status, steps));
        }

        private RoundResult failedIn(Exception e) {
            return failed(e, RoundReasons.failed(status, e.toString(), error.isPresent()));
        }

        private RoundResult failed(Exception e, String reason) {
            return new RoundResult(
                    Outcome.ERROR,
                    reason,
                    status,
                    List.of(),
                    steps,
                    Optional.of(e),
                    Optional.empty(),
                    Optional.empty());
        }

        private RoundResult cancelled(String why) {
            return result(Outcome.CANCELLED, RoundReasons.cancelled(why, steps, status));
        }

        private RoundResult illegal(Status requested) {
            String name = RoundReasons.requested(status, requested);
            return violated(
                    Outcome.ILLEGAL_TRANSITION,
                    RoundReasons.illegal(status, name),
                    new RoundResult.Violation(status, name, status.targets()));
        }

        private RoundResult unknownStatus(String requested) {
            return violated(
                    Outcome.UNKNOWN_STATUS,
                    RoundReasons.unknownStatus(status, requested),
                    new RoundResult.Violation(status, requested == null ? "" : requested, status.targets()));
        }

        private RoundResult rejected(ReplyRejectedException e) {
            String reason = RoundReasons.rejected(status, e.getMessage());
            if (e.outcome() == Outcome.UNKNOWN_STATUS || e.outcome() == Outcome.ILLEGAL_TRANSITION) {
                return violated(e.outcome(), reason, new RoundResult.Violation(e.from(), e.status(), e.allowed()));
            }
            return failed(e, reason);
        }

        private RoundResult violated(Outcome outcome, String reason, RoundResult.Violation violation) {
            return new RoundResult(
                    outcome,
                    reason,
                    status,
                    List.of(),
                    steps,
                    Optional.empty(),
                    Optional.of(violation),
                    Optional.empty());
        }

        private RoundResult result(Outcome outcome, String reason) {
            return new RoundResult(
                    outcome, reason, status, List.of(), steps, Optional.empty(), Optional.empty(), Optional.empty());
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
            // a replayed end is the whole story as recorded, an onError detour included
            if (!endReplayed && error.isPresent()) {
                Exception first = error.get();
                reason = RoundReasons.afterOnError(errorReason, reason);
                outcome = Outcome.ERROR;
                // only an ERROR ending carries an exception of its own: the first failure is the cause
                cause.filter(later -> later != first).ifPresent(first::addSuppressed);
                cause = Optional.of(first);
            }
            RoundResult result = new RoundResult(
                    outcome,
                    reason,
                    end.finalStatus(),
                    path,
                    steps,
                    cause,
                    end.violation(),
                    context.get(Context.ROUND_RESULT),
                    subtasks);
            // an end the journal holds (replayed, or reached again by the replay) was heard before
            boolean heardBefore =
                    journal.isPresent() && journal.get().recordedEnd(number).isPresent();
            RoundResult told = heardBefore ? result : tell(result);
            if (journal.isPresent()) {
                journal.get().roundEnded(number, told);
            }
            return told;
        }

        /** Every listener hears the end; one that throws turns the result into an {@code ERROR} naming it. */
        private RoundResult tell(RoundResult result) {
            RuntimeException listenerFailure = null;
            String failedListener = "";
            for (TransitionListener listener : listeners) {
                try {
                    listener.onRoundEnd(session(), number, result);
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
            return new RoundResult(
                    Outcome.ERROR,
                    "listener " + failedListener + " failed at the end of the round"
                            + " with " + listenerFailure + "; the round itself ended as " + result.outcome() + ": "
                            + result.reason(),
                    result.finalStatus(),
                    result.path(),
                    steps,
                    Optional.of(listenerFailure),
                    result.violation(),
                    result.result(),
                    result.subtasks());
        }

        private String here() {
            return status.qualifiedName();
        }
    }

    /** The id listeners hear: the session's, or for a lone round one of its own, made when first needed. */
    private String session() {
        if (session.isEmpty()) {
            session = Optional.of(UUID.randomUUID().toString());
        }
        return session.get();
    }

    /**
     * Configures a {@link Round}.
     *
     * @param <A> the agent type of the machine the round starts in
     */
    public static final class Builder<A extends Agent> {
        private final StateManager<A, ?> machine;
        private final A agent;
        private Context context = new Context();
        private final List<TransitionListener> listeners = new ArrayList<>();
        private CancellationToken cancellation = new CancellationToken();
        private Optional<RuntimeConfig> config = Optional.empty();

        Builder(StateManager<A, ?> machine, A agent) {
            this.machine = Objects.requireNonNull(machine, "machine");
            this.agent = Objects.requireNonNull(agent, "agent");
        }

        /** The context the round's states share; a new one by default. */
        public Builder<A> context(Context context) {
            this.context = Objects.requireNonNull(context, "context");
            return this;
        }

        /** Adds a listener; listeners hear transitions in the order they were added. */
        public Builder<A> listener(TransitionListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /** A token that cancels the round at its next step. */
        public Builder<A> cancellation(CancellationToken cancellation) {
            this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
            return this;
        }

        /** Settings other than the agent's {@link Agent#config()}; the round uses their {@code maxStep}. */
        public Builder<A> config(RuntimeConfig config) {
            this.config = Optional.of(Objects.requireNonNull(config, "config"));
            return this;
        }

        /** The round, ready to {@link Round#run()}. */
        public Round build() {
            RuntimeConfig settings = config.orElseGet(agent::config);
            return new Round(
                    machine,
                    agent,
                    context,
                    new StepBudget(settings.maxStep()),
                    listeners,
                    cancellation,
                    Optional.empty(),
                    1,
                    Optional.empty());
        }
    }
}
