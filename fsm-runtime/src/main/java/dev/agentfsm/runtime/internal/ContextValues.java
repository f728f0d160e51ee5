package dev.agentfsm.runtime.internal;

import dev.agentfsm.runtime.Context;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A context's values by their keys' names, for the session journal (fsm-journal) to record what a step
 * changed. {@link Context} registers its reader here when its class loads, so that this stays out of
 * the context's public API. Internal: for agent-fsm's modules only.
 */
public final class ContextValues {
    private static volatile Function<Context, Map<String, Object>> reader;

    private ContextValues() {}

    /**
     * Registers how a context's values are read; {@link Context} calls this once, when it loads.
     *
     * @throws IllegalStateException if a reader was registered before
     */
    public static synchronized void register(Function<Context, Map<String, Object>> byName) {
        if (reader != null) {
            throw new IllegalStateException(
                    "a reader of Context values is registered already; only Context registers one");
        }
        reader = Objects.requireNonNull(byName, "byName");
    }

    /** Every value of {@code context} by its key's name, the step counters included. */
    public static Map<String, Object> byName(Context context) {
        // a Context exists, so its class has loaded and registered the reader
        return reader.apply(Objects.requireNonNull(context, "context"));
    }
}
