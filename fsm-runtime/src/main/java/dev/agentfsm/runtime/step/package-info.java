/**
 * One way to write an agent's step: {@link dev.agentfsm.runtime.step.AgentStep}, UFO's four phases
 * as a typed pipeline in which each phase hands its result to the next as a value.
 */
package dev.agentfsm.runtime.step;
