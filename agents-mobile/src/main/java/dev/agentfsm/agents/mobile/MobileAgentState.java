package dev.agentfsm.agents.mobile;

import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.runtime.AgentState;

/**
 * The states of UFO's MobileAgent: CONTINUE runs the four phases against an Android device, FINISH
 * ends the round, FAIL records the failure and cleans up by moving to FINISH. An exception in a state
 * (a device that disconnected or hung) moves the agent to FAIL.
 */
@StateMachine(
        name = "MobileAgent",
        initial = ContinueMobileAgentState.class,
        onError = FailMobileAgentState.class,
        description = "UFO's MobileAgent: drives an Android device through adb, one LLM-chosen action per step")
abstract class MobileAgentState implements AgentState<MobileAgent> {}
