package dev.agentfsm.runtime.pipeline;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one run of an {@link AgentProcessor} did: how long each phase that ran took, and the phases
 * that failed without being fail-fast (a fail-fast failure is thrown instead).
 *
 * @param timings each phase that ran, and its time; iterates in the order the phases ran
 * @param failures phases that failed and were not fail-fast, with their exceptions, in phase order
 */
public record ProcessResult(Map<Phase, Duration> timings, Map<Phase, Exception> failures) {
    public ProcessResult {
        timings = inPhaseOrder(timings);
        failures = inPhaseOrder(failures);
    }

    /** The time of all phases that ran. */
    public Duration total() {
        return timings.values().stream().reduce(Duration.ZERO, Duration::plus);
    }

    /** Whether every phase that ran succeeded. */
    public boolean succeeded() {
        return failures.isEmpty();
    }

    /** An unmodifiable copy that iterates in {@link Phase} order (the order phases run). */
    private static <V> Map<Phase, V> inPhaseOrder(Map<Phase, V> map) {
        EnumMap<Phase, V> copy = new EnumMap<>(Phase.class);
        copy.putAll(map);
        copy.values().forEach(value -> Objects.requireNonNull(value, "a phase's value"));
        return Collections.unmodifiableMap(copy);
    }
}
