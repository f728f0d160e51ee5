package dev.agentfsm.runtime.pipeline;

import dev.agentfsm.runtime.Agent;

/**
 * The work of one {@link Phase} for an agent type. Strategies pass values to later phases of the same
 * step through {@link ProcessingContext#local()}.
 *
 * @param <A> the agent type
 */
@FunctionalInterface
public interface PhaseStrategy<A extends Agent> {

    /** Does the phase's work; an exception fails the phase. */
    void run(A agent, ProcessingContext context) throws Exception;
}
