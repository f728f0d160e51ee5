package dev.agentfsm.agents.windows;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.pipeline.AgentProcessor;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The message of the last exception one of an agent's steps threw. The runtime moves the agent to
 * its ERROR state with the exception; the note is how that state's exit action (archiving the
 * subtask, the round's result) gets to say what went wrong.
 */
final class ErrorNote {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorNote.class);

    /** A piece of a step that may throw. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    private Optional<String> last = Optional.empty();

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
    <A extends Agent> void process(AgentProcessor<A> processor, A agent, Context context) throws Exception {
        run(() -> processor.process(agent, context).failures().forEach((phase, e) ->
                LOG.warn("{}: the {} phase failed and the step went on without it", agent.name(), phase, e)));
    }

    Optional<String> last() {
        return last;
    }

    void clear() {
        last = Optional.empty();
    }
}
