package dev.agentfsm.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Rounds over successive requests (UFO's session): at most {@link RuntimeConfig#maxRound()} rounds,
 * all drawing on one budget of {@link RuntimeConfig#maxStep()} steps, from the agent's
 * {@link Agent#config()} unless {@link Builder#config} gives other settings. At the start of
 * each round the agent is {@linkplain Agent#reset() reset} and the machine starts in its initial
 * state, so a round never begins where the last one ended (UFO's Linux and Mobile sessions don't
 * reset, so their second round starts in FINISH). A session is used by one thread at a time; many
 * sessions may run at once, sharing the generated state managers.
 *
 * <pre>{@code
 * List<RoundResult> results = Session.of(LinuxAgentStateManager.instance(), agent)
 *         .build().run(List.of("list the files"));
 * }</pre>
 */
public final class Session {
    private final StateManager<? extends Agent, ?> machine;
    private final Agent agent;
    private final RuntimeConfig config;
    private final Context context;
    private final String id;
    private final List<TransitionListener> listeners;
    private final CancellationToken cancellation;
    private final StepBudget budget;
    private final List<RoundResult> results = new ArrayList<>();

    private Session(Builder<?> builder) {
        this.machine = builder.machine;
        this.agent = builder.agent;
        this.config = builder.config.orElseGet(builder.agent::config);
        this.context = builder.context;
        this.id = builder.id.orElseGet(() -> UUID.randomUUID().toString());
        this.listeners = List.copyOf(builder.listeners);
        this.cancellation = builder.cancellation;
        this.budget = new StepBudget(config.maxStep());
    }

    /** Starts building a session of {@code machine} driving {@code agent}. */
    public static <A extends Agent> Builder<A> of(StateManager<A, ?> machine, A agent) {
        return new Builder<>(machine, agent);
    }

    /**
     * Runs one round per request, in order, and returns their results: one per request, also when a
     * round could not start because the session was cancelled or its step budget is spent (that
     * round's result says so).
     *
     * @throws IllegalArgumentException if there are more requests than {@code maxRound} allows
     */
    public List<RoundResult> run(List<String> requests) {
        List<String> all = List.copyOf(requests);
        int left = config.maxRound() - results.size();
        if (all.size() > left) {
            throw new IllegalArgumentException(all.size() + " requests given, but this session may run "
                    + left + " more round(s) (maxRound " + config.maxRound() + ", " + results.size()
                    + " run); raise maxRound or split the requests over sessions");
        }
        List<RoundResult> ran = new ArrayList<>(all.size());
        for (String request : all) {
            ran.add(runRound(request));
        }
        return List.copyOf(ran);
    }

    /**
     * Runs the next round, for {@code request}; the request is stored under {@link Context#REQUEST}.
     * The agent is reset and the machine starts in its initial state; when the round ends the request
     * is added to the agent's blackboard.
     *
     * @throws IllegalStateException if the session has already run {@code maxRound} rounds
     */
    public RoundResult runRound(String request) {
        Objects.requireNonNull(request, "request");
        if (results.size() >= config.maxRound()) {
            throw new IllegalStateException("session " + id + " has run its " + config.maxRound()
                    + " round(s) (maxRound); raise maxRound to run more requests in one session");
        }
        int number = results.size() + 1;
        agent.reset();
        context.put(Context.REQUEST, request);
        RoundResult result = new Round(machine, agent, context, budget, listeners, cancellation, id, number).run();
        agent.blackboard().addRequest(request);
        results.add(result);
        return result;
    }

    /** The results of the rounds run so far, in order. */
    public List<RoundResult> results() {
        return List.copyOf(results);
    }

    /** The steps the session's rounds have taken so far, out of {@link RuntimeConfig#maxStep()}. */
    public int steps() {
        return budget.used();
    }

    /**
     * Delivers an external event to the session, for a state that waits for one
     * ({@link Inbox#await()}); any thread may call this, also while a round runs.
     */
    public void deliver(Event event) {
        context.inbox().deliver(event);
    }

    /** The context shared by the session's rounds. */
    public Context context() {
        return context;
    }

    /** The session's id, as traces name it. */
    public String id() {
        return id;
    }

    /**
     * Configures a {@link Session}.
     *
     * @param <A> the agent type
     */
    public static final class Builder<A extends Agent> {
        private final StateManager<A, ?> machine;
        private final A agent;
        private Optional<RuntimeConfig> config = Optional.empty();
        private Context context = new Context();
        private Optional<String> id = Optional.empty();
        private final List<TransitionListener> listeners = new ArrayList<>();
        private CancellationToken cancellation = new CancellationToken();

        Builder(StateManager<A, ?> machine, A agent) {
            this.machine = Objects.requireNonNull(machine, "machine");
            this.agent = Objects.requireNonNull(agent, "agent");
        }

        /** Settings other than the agent's {@link Agent#config()} ({@code maxStep}, {@code maxRound}). */
        public Builder<A> config(RuntimeConfig config) {
            this.config = Optional.of(Objects.requireNonNull(config, "config"));
            return this;
        }

        /** The context its rounds share; a new one by default. */
        public Builder<A> context(Context context) {
            this.context = Objects.requireNonNull(context, "context");
            return this;
        }

        /** The session's id for traces; a random one by default. */
        public Builder<A> id(String id) {
            this.id = Optional.of(Objects.requireNonNull(id, "id"));
            return this;
        }

        /** Adds a listener to every round. */
        public Builder<A> listener(TransitionListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /** A token that cancels the session's current round and every later one. */
        public Builder<A> cancellation(CancellationToken cancellation) {
            this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
            return this;
        }

        /** The session. */
        public Session build() {
            return new Session(this);
        }
    }
}
