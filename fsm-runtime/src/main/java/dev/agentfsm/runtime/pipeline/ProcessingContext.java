package dev.agentfsm.runtime.pipeline;

import dev.agentfsm.runtime.Context;
import java.util.Objects;

/**
 * What the phases of one processing step see: the session's {@link Context} and a fresh
 * step-local context for values one phase hands to the next (the parsed reply, the chosen action).
 */
public final class ProcessingContext {
    private final Context global;
    private final Context local = new Context();

    /** @param global the session's context */
    public ProcessingContext(Context global) {
        this.global = Objects.requireNonNull(global, "global");
    }

    /** The session's context, shared by the agents and rounds of a session. */
    public Context global() {
        return global;
    }

    /** Values that live for this step only. */
    public Context local() {
        return local;
    }
}
