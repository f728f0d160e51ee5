package dev.agentfsm.runtime.pipeline;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * UFO's four-phase processor: {@link Phase#DATA_COLLECTION}, {@link Phase#LLM_INTERACTION},
 * {@link Phase#ACTION_EXECUTION}, {@link Phase#MEMORY_UPDATE}, each a pluggable {@link PhaseStrategy}
 * with a fail-fast flag. An agent's state calls {@link #process} (all phases it has, in order) or
 * {@link #run} (one phase alone, for a state that only observes). The time of each phase is recorded.
 *
 * <pre>{@code
 * AgentProcessor<LinuxAgent> processor = AgentProcessor.<LinuxAgent>builder()
 *         .phase(Phase.LLM_INTERACTION, new AskLlm(), true)
 *         .phase(Phase.ACTION_EXECUTION, new RunCommand(), true)
 *         .phase(Phase.MEMORY_UPDATE, new Remember(), false)
 *         .build();
 * }</pre>
 *
 * @param <A> the agent type
 */
public final class AgentProcessor<A extends Agent> {
    private final Map<Phase, Configured<A>> phases;

    private AgentProcessor(Map<Phase, Configured<A>> phases) {
        this.phases = phases;
    }

    /** A builder with no phases. */
    public static <A extends Agent> Builder<A> builder() {
        return new Builder<>();
    }

    /**
     * Runs every configured phase in order, sharing one fresh step-local context. A fail-fast phase's
     * exception is thrown (the round moves to {@code onError} or ends as {@code ERROR}); another
     * phase's is recorded in the result and the pipeline goes on. An {@link InterruptedException} is
     * always thrown: it cancels the round.
     */
    public ProcessResult process(A agent, Context context) throws Exception {
        ProcessingContext step = new ProcessingContext(context);
        Map<Phase, Duration> timings = new EnumMap<>(Phase.class);
        Map<Phase, Exception> failures = new EnumMap<>(Phase.class);
        for (Map.Entry<Phase, Configured<A>> phase : phases.entrySet()) {
            runPhase(phase.getKey(), phase.getValue(), agent, step, timings, failures);
        }
        return new ProcessResult(timings, failures);
    }

    /**
     * Runs one phase alone, with a fresh step-local context.
     *
     * @throws IllegalArgumentException naming the phase and the configured ones if it is not configured
     */
    public ProcessResult run(Phase phase, A agent, Context context) throws Exception {
        Configured<A> configured = phases.get(Objects.requireNonNull(phase, "phase"));
        if (configured == null) {
            throw new IllegalArgumentException("this processor has no " + phase + " phase; it has "
                    + phases.keySet() + ". Configure it with builder().phase(Phase." + phase + ", ...)");
        }
        Map<Phase, Duration> timings = new EnumMap<>(Phase.class);
        Map<Phase, Exception> failures = new EnumMap<>(Phase.class);
        runPhase(phase, configured, agent, new ProcessingContext(context), timings, failures);
        return new ProcessResult(timings, failures);
    }

    /** The configured phases, in the order they run. */
    public Set<Phase> phases() {
        return phases.keySet();
    }

    private void runPhase(Phase phase, Configured<A> configured, A agent, ProcessingContext step,
            Map<Phase, Duration> timings, Map<Phase, Exception> failures) throws Exception {
        long started = System.nanoTime();
        try {
            configured.strategy().run(agent, step);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            if (configured.failFast()) {
                throw e;
            }
            failures.put(phase, e);
        } finally {
            timings.put(phase, Duration.ofNanos(System.nanoTime() - started));
        }
    }

    private record Configured<A extends Agent>(PhaseStrategy<A> strategy, boolean failFast) {}

    /**
     * Configures an {@link AgentProcessor}.
     *
     * @param <A> the agent type
     */
    public static final class Builder<A extends Agent> {
        private final Map<Phase, Configured<A>> phases = new EnumMap<>(Phase.class);

        Builder() {}

        /**
         * Sets the strategy of a phase.
         *
         * @param failFast whether a failure of this phase stops the step and is thrown
         * @throws IllegalArgumentException if the phase already has a strategy
         */
        public Builder<A> phase(Phase phase, PhaseStrategy<A> strategy, boolean failFast) {
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(strategy, () -> "strategy of phase " + phase);
            if (phases.containsKey(phase)) {
                throw new IllegalArgumentException("phase " + phase + " already has a strategy ("
                        + phases.get(phase).strategy().getClass().getName() + "); each phase has one");
            }
            phases.put(phase, new Configured<>(strategy, failFast));
            return this;
        }

        /** The processor; phases always run in {@link Phase} order, whatever order they were added in. */
        public AgentProcessor<A> build() {
            EnumMap<Phase, Configured<A>> copy = new EnumMap<>(Phase.class);
            copy.putAll(phases);
            return new AgentProcessor<>(Collections.unmodifiableMap(copy));
        }
    }
}
