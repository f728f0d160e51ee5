package dev.agentfsm.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Rounds over successive requests (UFO's session): at most {@link RuntimeConfig#maxRound()} rounds,
 * all drawing on one {@link StepBudget} of {@link RuntimeConfig#maxStep()} steps. At the start of
 * each round the agent is {@linkplain Agent#reset() reset} and the machine starts in its initial
 * state, so a round never begins where the last one ended.
 *
 * <pre>{@code
 * List<RoundResult> results = Session.of(LinuxAgentStateManager.instance(), agent)
 *         .config(config).build().run(List.of("list the files"));
 * }</pre>
 */
public final class Session {
    // The builder and run() semantics are the contract; the implementation lands with issue 4.

    private Session(Builder<?> builder) {
        throw new UnsupportedOperationException("issue 4");
    }

    /** Starts building a session of {@code machine} driving {@code agent}. */
    public static <A extends Agent> Builder<A> of(StateManager<A, ?> machine, A agent) {
        return new Builder<>(machine, agent);
    }

    /**
     * Runs one round per request, in order, and returns their results.
     *
     * @throws IllegalArgumentException if there are more requests than {@code maxRound} allows
     */
    public List<RoundResult> run(List<String> requests) {
        throw new UnsupportedOperationException("issue 4");
    }

    /** Runs the next round, for {@code request}; the request is stored under {@link Context#REQUEST}. */
    public RoundResult runRound(String request) {
        throw new UnsupportedOperationException("issue 4");
    }

    /** The context shared by the session's rounds. */
    public Context context() {
        throw new UnsupportedOperationException("issue 4");
    }

    /** The session's id, as traces name it. */
    public String id() {
        throw new UnsupportedOperationException("issue 4");
    }

    /**
     * Configures a {@link Session}.
     *
     * @param <A> the agent type
     */
    public static final class Builder<A extends Agent> {
        final StateManager<A, ?> machine;
        final A agent;
        RuntimeConfig config = RuntimeConfig.defaults();
        Context context = new Context();
        String id;
        final List<TransitionListener> listeners = new ArrayList<>();
        CancellationToken cancellation = new CancellationToken();

        Builder(StateManager<A, ?> machine, A agent) {
            this.machine = Objects.requireNonNull(machine, "machine");
            this.agent = Objects.requireNonNull(agent, "agent");
        }

        /** The configuration ({@code maxStep}, {@code maxRound}, ...); {@link RuntimeConfig#defaults()} by default. */
        public Builder<A> config(RuntimeConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** The context its rounds share; a new one by default. */
        public Builder<A> context(Context context) {
            this.context = Objects.requireNonNull(context, "context");
            return this;
        }

        /** The session's id for traces; a random one by default. */
        public Builder<A> id(String id) {
            this.id = Objects.requireNonNull(id, "id");
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
