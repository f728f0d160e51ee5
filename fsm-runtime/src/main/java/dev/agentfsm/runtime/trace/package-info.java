/**
 * Built-in {@link dev.agentfsm.runtime.TransitionListener}s: SLF4J logging
 * ({@link dev.agentfsm.runtime.trace.LoggingListener}), a JSON-lines trace file written unbuffered,
 * one line per transition, subtask end, round end and round failed, so that a crash loses nothing before it
 * ({@link dev.agentfsm.runtime.trace.JsonLinesTrace}), and JFR events for transitions, subtasks, rounds and failed rounds
 * ({@link dev.agentfsm.runtime.trace.JfrListener}). Add them to a {@code Round} or {@code Session}
 * builder with {@code listener(...)}; one instance may serve many sessions at once.
 *
 * <p>The trace is read back, checked and summed up by the {@code fsm-trace} module
 * ({@code dev.agentfsm.trace}); the runtime only writes it.
 *
 * <p>API: users attach these listeners to rounds and sessions.
 */
package dev.agentfsm.runtime.trace;
