package dev.agentfsm.agents.linux;

import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.runtime.AgentState;

/**
 * UFO's LinuxAgent machine: the agent works in {@code CONTINUE} until the LLM says {@code FINISH} or
 * {@code FAIL}; {@code FAIL} cleans up into {@code FINISH}. An exception while working goes to
 * {@code FAIL}, so a broken step ends the round as a failure, never silently.
 */
@StateMachine(
        name = "LinuxAgent",
        initial = ContinueLinuxAgentState.class,
        onError = FailLinuxAgentState.class,
        description = "Runs a task on a Linux shell: read-only, allow-listed commands chosen by an LLM")
abstract class LinuxAgentState implements AgentState<LinuxAgent> {}
