package dev.agentfsm.runtime.internal;

import java.util.Map;

/**
 * Values readable by their keys' names: what the session journal (fsm-journal) reads of a
 * {@code Context} to record what a step changed. Internal: for agent-fsm's modules only; it is public
 * only because the journal lives in another module.
 */
public interface NamedValues {
    /** Every value by its key's name, the step counters included. */
    Map<String, Object> valuesByName();
}
