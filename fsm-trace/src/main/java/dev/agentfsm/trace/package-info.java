/**
 * A trace read back: {@link dev.agentfsm.trace.TraceReader} streams a JSON-lines trace, as the runtime's
 * {@link dev.agentfsm.runtime.trace.JsonLinesTrace} writes it, line by line;
 * {@link dev.agentfsm.trace.TraceCheck} checks every move against the machines into a
 * {@link dev.agentfsm.trace.TraceReport}, and {@link dev.agentfsm.trace.TraceStats} sums it up.
 *
 * <p>The runtime writes traces and never reads them, so the reading lives in this module of its own:
 * an agent's jar carries no analysis code, and the CLI ({@code agentfsm-cli}) uses it.
 */
package dev.agentfsm.trace;
