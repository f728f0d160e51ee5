/**
 * One way to write an agent's step: {@link dev.agentfsm.runtime.step.AgentStep}, UFO's four phases
 * as a typed pipeline in which each phase hands its result to the next as a value.
 *
 * <p>API: agents call these types to build their steps.
 */
package dev.agentfsm.runtime.step;
