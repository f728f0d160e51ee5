package dev.agentfsm.agents.windows;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.pipeline.AgentProcessor;
import dev.agentfsm.runtime.pipeline.Phase;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an agent's step as UFO's four phases (data collection, LLM, action, memory; all but memory
 * stop the step when they fail) and notes the message of the last exception one of its steps threw.
 * The runtime moves the agent to its ERROR state with the exception; the note is how that state's
 * exit action (archiving the subtask, the round's result) gets to say what went wrong.
 *
 * @param <A> the agent type
 */
final class PhaseRunner<A extends Agent> {
    private static final Logger LOG = LoggerFactory.getLogger(PhaseRunner.class);

    /** A piece of a step that may throw. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    private final AgentProcessor<A> processor;
    private Optional<String> last = Optional.empty();

    PhaseRunner(PhaseStrategy<A> observe, PhaseStrategy<A> ask, PhaseStrategy<A> act, PhaseStrategy<A> remember) {
        this.processor = AgentProcessor.<A>builder()
                .phase(Phase.DATA_COLLECTION, observe, true)
                .phase(Phase.LLM_INTERACTION, ask, true)
                .phase(Phase.ACTION_EXECUTION, act, true)
                .phase(Phase.MEMORY_UPDATE, remember, false)
                .build();
    }

    /** Runs {@code step}, noting its exception before passing it on. */
    void run(Step step) throws Exception {
        try {
            step.run();
        } catch (Exception e) {
            last = Optional.of(e.getMessage() != null ? e.getMessage() : e.getClass().getName());
            throw e;
        }
    }

    /** Runs the agent's four phases; a phase that is not fail-fast and failed is logged, not dropped. */
    void process(A agent, Context context) throws Exception {
        run(() -> processor.process(agent, context).failures().forEach((phase, e) ->
                LOG.warn("{}: the {} phase failed and the step went on without it", agent.name(), phase, e)));
    }

    /** Runs one of the agent's phases alone, noting its exception. */
    void phase(Phase phase, A agent, Context context) throws Exception {
        run(() -> processor.run(phase, agent, context));
    }

    Optional<String> last() {
        return last;
    }

    void clear() {
        last = Optional.empty();
    }
}
