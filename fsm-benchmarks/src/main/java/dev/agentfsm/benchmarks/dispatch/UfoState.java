package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.runtime.Agent;

/**
 * UFO's {@code AgentState} in Java: the state works, then names the next state and the next agent,
 * and says whether the round ends. Its next state is, unless it overrides it, the registry's state
 * for the agent's status.
 */
abstract class UfoState {

    /** The state's work; nothing by default. */
    void handle(Agent agent) {}

    /** The next state: the manager's state for the agent's status, unless overridden. */
    abstract UfoState nextState(Agent agent);

    /** The agent that acts next: the same one, unless overridden. */
    Agent nextAgent(Agent agent) {
        return agent;
    }

    /** Whether the round ends in this state (checked before {@link #handle}, as UFO does). */
    boolean isRoundEnd() {
        return false;
    }

    /** The state's status. */
    abstract String name();
}
