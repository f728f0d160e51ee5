package dev.agentfsm.runtime.pipeline;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;

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
    // The API is the contract; the implementation lands with issue 4.

    private AgentProcessor() {
        throw new UnsupportedOperationException("issue 4");
    }

    /** A builder with no phases. */
    public static <A extends Agent> Builder<A> builder() {
        return new Builder<>();
    }

    /**
     * Runs every configured phase in order. A fail-fast phase's exception is thrown (the round moves to
     * {@code onError} or ends as {@code ERROR}); another phase's is recorded in the result and the
     * pipeline goes on.
     */
    public ProcessResult process(A agent, Context context) throws Exception {
        throw new UnsupportedOperationException("issue 4");
    }

    /**
     * Runs one phase alone, with a fresh step-local context.
     *
     * @throws IllegalArgumentException naming the phase and the configured ones if it is not configured
     */
    public ProcessResult run(Phase phase, A agent, Context context) throws Exception {
        throw new UnsupportedOperationException("issue 4");
    }

    /**
     * Configures an {@link AgentProcessor}.
     *
     * @param <A> the agent type
     */
    public static final class Builder<A extends Agent> {
        Builder() {}

        /**
         * Sets the strategy of a phase.
         *
         * @param failFast whether a failure of this phase stops the step and is thrown
         * @throws IllegalArgumentException if the phase already has a strategy
         */
        public Builder<A> phase(Phase phase, PhaseStrategy<A> strategy, boolean failFast) {
            throw new UnsupportedOperationException("issue 4");
        }

        /** The processor; phases always run in {@link Phase} order, whatever order they were added in. */
        public AgentProcessor<A> build() {
            throw new UnsupportedOperationException("issue 4");
        }
    }
}
