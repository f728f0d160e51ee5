package dev.agentfsm.agents.windows;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.pipeline.AgentProcessor;
import dev.agentfsm.runtime.pipeline.Phase;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an agent's step as UFO's four phases (data collection, LLM, action, memory; all but memory
 * stop the step when they fail). An exception goes to the runtime, which moves the agent to its
 * ERROR state and publishes it as {@link Context#ERROR} for that state's exit action.
 *
 * @param <A> the agent type
 */
final class PhaseRunner<A extends Agent> {
    private static final Logger LOG = LoggerFactory.getLogger(PhaseRunner.class);

    private final AgentProcessor<A> processor;

    PhaseRunner(PhaseStrategy<A> observe, PhaseStrategy<A> ask, PhaseStrategy<A> act, PhaseStrategy<A> remember) {
        this.processor = AgentProcessor.<A>builder()
                .phase(Phase.DATA_COLLECTION, observe, true)
                .phase(Phase.LLM_INTERACTION, ask, true)
                .phase(Phase.ACTION_EXECUTION, act, true)
                .phase(Phase.MEMORY_UPDATE, remember, false)
                .build();
    }

    /** Runs the agent's four phases; a phase that is not fail-fast and failed is logged, not dropped. */
    void process(A agent, Context context) throws Exception {
        processor.process(agent, context).failures().forEach((phase, e) ->
                LOG.warn("{}: the {} phase failed and the step went on without it", agent.name(), phase, e));
    }

    /** Runs one of the agent's phases alone. */
    void phase(Phase phase, A agent, Context context) throws Exception {
        processor.run(phase, agent, context);
    }

    /** What an exception a step threw says, for the subtask's archive and the round's result. */
    static String message(Exception e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
    }
}
