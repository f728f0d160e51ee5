/**
 * The agent-fsm runtime: the types generated state machines implement and the loop that runs them.
 *
 * <p>The annotation processor generates, per machine, a {@link dev.agentfsm.runtime.StateManager}
 * and a {@link dev.agentfsm.runtime.TransitionTable}; states implement
 * {@link dev.agentfsm.runtime.AgentState} and decide where to go by returning a
 * {@link dev.agentfsm.runtime.Next} from their generated, typed transition helper.
 */
package dev.agentfsm.runtime;
