/**
 * Built-in {@link dev.agentfsm.runtime.TransitionListener}s: SLF4J logging, a JSON-lines trace file
 * flushed per line, and JFR events for transitions and rounds.
 */
package dev.agentfsm.runtime.trace;
