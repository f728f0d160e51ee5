package dev.agentfsm.runtime;

import java.util.Objects;

/**
 * One round of an agent's machine: UFO's loop with defined semantics. For each state entered it runs
 * {@code handle} (terminal states included); a round-ending state stops the round; otherwise the next
 * state comes from the state's own {@code next(agent, to)} or from the agent's status, is checked
 * against the generated table, announced to listeners, and the state (and, for a hand-off, the agent)
 * switches. {@link #run()} always returns a {@link RoundResult}; it never reports a step limit, an
 * error or an illegal move as success.
 *
 * <pre>{@code
 * RoundResult result = Round.of(HostAgentStateManager.instance(), host)
 *         .context(context).maxSteps(50).listener(trace).build().run();
 * }</pre>
 */
public final class Round {
    private final StateManager<?, ?> machine;
    private final Agent agent;
    private final Context context;
    private final StepBudget budget;
    private final TransitionListener[] listeners;
    private final CancellationToken cancellation;
    private final String session;
    private final int number;
    private boolean started;

    private Round(Builder<?> builder) {
        this.machine = builder.run.machine;
        this.agent = builder.run.agent;
        this.context = builder.run.context();
        this.budget = builder.budget != null ? builder.budget : new StepBudget(builder.maxSteps);
        this.listeners = builder.run.listeners().toArray(new TransitionListener[0]);
        this.cancellation = builder.run.cancellation();
        this.session = builder.session;
        this.number = builder.round;
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
     */
    public RoundResult run() {
        if (started) {
            throw new IllegalStateException("round " + number + " of session " + session
                    + " has already run; build a new Round for another run");
        }
        started = true;
        return new RoundLoop(machine, agent, context, budget, listeners, cancellation, session, number).run();
    }

    /**
     * Configures a {@link Round}.
     *
     * @param <A> the agent type of the machine the round starts in
     */
    public static final class Builder<A extends Agent> {
        final RunSettings<A> run;
        StepBudget budget;
        int maxSteps = 50;
        String session = "session";
        int round = 1;

        Builder(StateManager<A, ?> machine, A agent) {
            this.run = new RunSettings<>(machine, agent);
        }

        /** The context the round's states share; a new one by default. */
        public Builder<A> context(Context context) {
            run.context(context);
            return this;
        }

        /**
         * The most states this round may enter (default 50); ignored when a {@link #budget} is given.
         * {@link #build()} throws {@link IllegalArgumentException} if it is less than 1.
         */
        public Builder<A> maxSteps(int maxSteps) {
            this.maxSteps = maxSteps;
            return this;
        }

        /** A step budget shared with other rounds of the same session. */
        public Builder<A> budget(StepBudget budget) {
            this.budget = Objects.requireNonNull(budget, "budget");
            return this;
        }

        /** Adds a listener; listeners hear transitions in the order they were added. */
        public Builder<A> listener(TransitionListener listener) {
            run.listener(listener);
            return this;
        }

        /** A token that cancels the round at its next step. */
        public Builder<A> cancellation(CancellationToken cancellation) {
            run.cancellation(cancellation);
            return this;
        }

        /** The session id and the round's number in it, for traces (default {@code "session"}, 1). */
        public Builder<A> session(String session, int round) {
            this.session = Objects.requireNonNull(session, "session");
            this.round = round;
            return this;
        }

        /** The round, ready to {@link Round#run()}. */
        public Round build() {
            return new Round(this);
        }
    }
}
