/**
 * The agent-fsm runtime: the types generated state machines implement and the loop that runs them.
 *
 * <p>The annotation processor generates, per machine, a {@link dev.agentfsm.runtime.StateManager}
 * and a {@link dev.agentfsm.runtime.TransitionTable}; states implement
 * {@link dev.agentfsm.runtime.AgentState} and decide where to go by returning a
 * {@link dev.agentfsm.runtime.Next} from their generated, typed {@code <Machine>Moves.<StateClass>} helper.
 *
 * <h2>Running agents</h2>
 *
 * <ul>
 *   <li>{@link dev.agentfsm.runtime.Round} runs one request: for each state entered it runs
 *       {@code handle} (terminal states too: that is their exit action), stops in a round-ending
 *       state, and otherwise checks the state's decision against the table, tells the
 *       {@link dev.agentfsm.runtime.TransitionListener}s, and switches state and, for a hand-off,
 *       agent. It always returns a {@link dev.agentfsm.runtime.RoundResult} whose
 *       {@link dev.agentfsm.runtime.Outcome} says how it ended: {@code COMPLETED},
 *       {@code STEP_LIMIT}, {@code ERROR}, {@code ILLEGAL_TRANSITION}, {@code UNKNOWN_STATUS} or
 *       {@code CANCELLED}, with the reason, the final status and the path.</li>
 *   <li>{@link dev.agentfsm.runtime.Session} runs rounds over successive requests on one step
 *       budget, resetting the agent for each round.</li>
 *   <li>{@link dev.agentfsm.runtime.Context} holds what a session's agents share under typed keys;
 *       the {@link dev.agentfsm.runtime.Blackboard} holds what a host shares with its sub-agents.</li>
 *   <li>{@link dev.agentfsm.runtime.RuntimeConfig} reads the settings from YAML and the
 *       environment, strictly.</li>
 *   <li>{@code dev.agentfsm.runtime.trace} has the built-in listeners (SLF4J, a JSON-lines file,
 *       JFR). The four-phase step an agent's working state runs is agents-kit's {@code AgentStep}.</li>
 * </ul>
 *
 * <p>Statuses are the generated enums' constants ({@link dev.agentfsm.runtime.Status}); strings
 * appear only where text comes in or goes out. Sessions share the generated managers and run on as
 * many threads as you like, since nothing here is a mutable global.
 *
 * <h2>API, SPI and internal</h2>
 *
 * <p>This package is the runtime's API (what users call: {@code Round}, {@code Session},
 * {@code Context}, {@code RoundResult}, {@code RuntimeConfig}, the listener and
 * interceptor interfaces) and its SPI (what generated code and agents implement: {@code StateManager},
 * {@code TransitionTable}, {@code AgentState}, {@code Agent}, {@code Status}; {@code SessionRecorder} and
 * its {@code RoundHooks}, what a session journal such as fsm-journal's implements; {@code RoundDecider},
 * for engines other than {@code Round} such as fsm-temporal's workflow). API packages too:
 * {@code trace}, {@code user}, {@code llm}; SPI: {@code device} (what drivers implement),
 * {@code llm.LlmClient} and {@code user.UserChannel}. {@code internal} is neither: it is shared with
 * other agent-fsm modules only and may change in any release.
 *
 * <p>This package depends on none of its sub-packages; they build on it (fsm-tests'
 * {@code RuntimePackagesTest} keeps the package graph free of cycles).
 */
package dev.agentfsm.runtime;
