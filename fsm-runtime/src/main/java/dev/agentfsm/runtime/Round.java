package dev.agentfsm.runtime;

import dev.agentfsm.runtime.RoundDecider.Decision;
import dev.agentfsm.runtime.RoundDecider.StepBudget;
import dev.agentfsm.runtime.SessionRecorder.RoundHooks;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One round of an agent's machine: UFO's loop with defined semantics. Each state entered is one step,
 * run through the round's {@link StepInterceptor}s to its end: the state's {@code handle} (terminal
 * states included), its subtask's end, its choice ({@code next(agent, to)}, its only move, or the
 * agent's status), and what one pure decider, shared with fsm-temporal, says follows (a move, a
 * hand-off, {@code onError}, the fallback, or the round's end). A move is taken when the round is not
 * cancelled and has a step left; it is announced to listeners and the state (and, for a hand-off, the
 * agent) switches. {@link #run()} always returns a {@link RoundResult}; it never reports a step limit,
 * an error, a veto or an illegal move as success.
 *
 * <pre>{@code
 * RoundResult result = Round.of(HostAgentStateManager.instance(), host)
 *         .context(context).listener(trace).build().run();
 * }</pre>
 *
 * <p>The step limit is the agent's {@link Agent#config()} {@code maxStep}, unless {@link Builder#config}
 * gives other settings. A {@link Session} runs rounds over successive requests. A state that declares
 * {@code @Timeout} has its time counted from when it is entered: when its work ends after the deadline
 * (returning or throwing), the round takes the declared {@code TIMEOUT} move.
 */
public final class Round {
    private final StateManager<?, ?> machine;
    private final Agent agent;
    private final Context context;
    private final StepBudget budget;
    private final Listeners listeners;
    private final List<StepInterceptor> interceptors;
    private final RoundHooks hooks;
    private final CancellationToken cancellation;
    /** The session's id, or a lone round's own, made when a listener first needs it. */
    private final SessionId session;

    private final int number;
    private boolean started;

    Round(
            StateManager<?, ?> machine,
            Agent agent,
            Context context,
            StepBudget budget,
            Listeners listeners,
            List<StepInterceptor> interceptors,
            RoundHooks hooks,
            CancellationToken cancellation,
            Optional<String> session,
            int number) {
        this.machine = machine;
        this.agent = agent;
        this.context = context;
        this.budget = budget;
        this.listeners = listeners;
        this.interceptors = List.copyOf(interceptors);
        this.hooks = hooks;
        this.cancellation = cancellation;
        this.session = new SessionId(session);
        this.number = number;
    }

    /** Starts building a round of {@code machine} driving {@code agent}, from the machine's initial state. */
    public static <A extends Agent> Builder<A> of(StateManager<A, ?> machine, A agent) {
        return new Builder<>(machine, agent);
    }

    /**
     * Runs the round to its end on the calling thread. A {@link java.lang.Error} thrown by a state is
     * not caught: it ends the round like a crash, and the listeners have heard every transition before it, and
     * then {@link TransitionListener#onRoundFailed}, as for the recorder's exceptions.
     *
     * @throws IllegalStateException if the round was run before; a round runs once
     * @throws RuntimeException the session's {@link SessionRecorder}'s own, if it could not replay a
     *     recorded step as recorded or could not record one
     */
    public RoundResult run() {
        if (started) {
            throw new IllegalStateException(
                    "this round of " + machine.name() + " has already run;" + " build a new Round for another run");
        }
        started = true;
        Run run = new Run();
        try {
            return run.run();
        } catch (RuntimeException | Error e) {
            // the recorder's failure (say, after the step's interceptors returned) or an Error: no end to tell
            if (!run.endHeard && !listeners.isEmpty()) {
                listeners.roundFailed(session.get(), number, e);
            }
            throw e;
        }
    }

    /** The loop and its state, confined to the calling thread. */
    private final class Run {
        private final List<Status> path = new ArrayList<>();
        private Status status;
        private Agent current = agent;
        private int steps;
        private final StateStep state = new StateStep(context, cancellation, listeners, session, number);
        /** The step's interceptors, then its end: the state's work and what follows it. */
        private final StepChain chain = new StepChain(interceptors, state, machine, context, session, number, hooks);

        /** Whether the round's end was replayed from the session's record rather than reached by the replay. */
        private boolean endReplayed;

        /** Whether the listeners heard the round's end: then an exception after it (its record) is not told. */
        private boolean endHeard;

        RoundResult run() {
            status = machine.table().initial();
            current.setStatus(status);
            context.remove(Context.ROUND_RESULT);
            context.remove(Context.ERROR);
            context.put(Context.ROUND_STEP, 0);
            Optional<RoundResult> refused = admit(status);
            while (refused.isEmpty()) {
                steps++;
                path.add(status);
                context.stepTaken(steps);
                // only a listener's TransitionEvent reports the step's time: without one, no clock is read
                long stepStart = listeners.isEmpty() ? 0 : System.nanoTime();
                StepEnd end = chain.run(status, current, steps, budget.used());
                if (end instanceof StepEnd.Ended ended) {
                    return finish(ended.result());
                }
                StepEnd.Moved move = (StepEnd.Moved) end;
                refused = admit(move.to());
                // a replayed step's move was announced when it was recorded
                if (refused.isEmpty() && !chain.replayed() && !listeners.isEmpty()) {
                    refused = listeners.moved(new TransitionEvent(
                            session.get(),
                            number,
                            steps,
                            current.name(),
                            status,
                            move.to(),
                            move.trigger(),
                            System.nanoTime() - stepStart));
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
         * Whether the round may enter its next state ({@code to}; before the first step, the initial
         * one): the round's recorded end, then the decider (cancelled, interrupted, out of steps).
         * Takes the step from the budget when it may.
         */
        private Optional<RoundResult> admit(Status to) {
            Optional<RoundHooks.RecordedEnd> recorded = hooks.recordedEnd(number);
            if (recorded.isPresent()) {
                return Optional.of(replayedEnd(recorded.get()));
            }
            Optional<Decision.End> refused =
                    RoundDecider.admit(status, to, steps, cancelled(), budget.used(), budget.limit());
            if (refused.isPresent()) {
                return Optional.of(StateStep.result(refused.get(), status, steps, Optional.empty()));
            }
            budget.take();
            return Optional.empty();
        }

        private Optional<String> cancelled() {
            if (cancellation.isCancelled()) {
                return Optional.of("its CancellationToken was cancelled");
            }
            if (Thread.currentThread().isInterrupted()) {
                return Optional.of("its thread was interrupted");
            }
            return Optional.empty();
        }

        /** The end the session's recorder recorded for this round here, for a reason a replay does not see again. */
        private RoundResult replayedEnd(RoundHooks.RecordedEnd end) {
            endReplayed = true;
            Optional<Throwable> cause = end.outcome() == Outcome.ERROR
                    ? state.error().<Throwable>map(e -> e).or(end::failure)
                    : Optional.empty();
            return RoundResult.ended(end.outcome(), end.reason(), status, steps, cause, Optional.empty());
        }

        /**
         * The round's result with its path and answer filled in; an error that {@code onError} handled
         * makes it an {@code ERROR} whatever came after. The listeners then hear the end: as a replayed end
         * when the session's recorder holds it (they heard it when it was recorded).
         */
        private RoundResult finish(RoundResult end) {
            Outcome outcome = end.outcome();
            String reason = end.reason();
            Optional<Throwable> cause = end.error();
            // a replayed end is the whole story as recorded, an onError detour included
            Optional<Exception> error = state.error();
            // a suspended round has not ended: it goes on, onError detour and all, when resumed
            if (!endReplayed && error.isPresent() && outcome != Outcome.SUSPENDED) {
                Exception first = error.get();
                reason = RoundReasons.afterOnError(state.errorReason(), reason);
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
                    state.subtasks(),
                    end.waiting());
            boolean heardBefore = hooks.recordedEnd(number).isPresent();
            RoundResult told =
                    listeners.isEmpty() ? result : listeners.roundEnded(session.get(), number, result, heardBefore);
            endHeard = true;
            hooks.ended(number, told);
            return told;
        }
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
        private final List<StepInterceptor> interceptors = new ArrayList<>();
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

        /** Adds an interceptor around each step; the first added is the outermost. */
        public Builder<A> interceptor(StepInterceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
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
            // not orElseGet(agent::config): a method reference spins a class at a machine's cold start
            RuntimeConfig settings = config.isPresent() ? config.get() : agent.config();
            return new Round(
                    machine,
                    agent,
                    context,
                    new StepBudget(settings.maxStep()),
                    new Listeners(listeners),
                    interceptors,
                    RoundHooks.NONE,
                    cancellation,
                    Optional.empty(),
                    1);
        }
    }
}
