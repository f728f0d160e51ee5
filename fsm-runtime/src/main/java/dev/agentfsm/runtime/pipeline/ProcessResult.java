package dev.agentfsm.runtime.pipeline;

import java.time.Duration;
import java.util.Map;

/**
 * What one run of an {@link AgentProcessor} did: how long each phase that ran took, and the phases
 * that failed without being fail-fast (a fail-fast failure is thrown instead).
 *
 * @param timings each phase that ran, in order, and its time
 * @param failures phases that failed and were not fail-fast, with their exceptions
 */
public record ProcessResult(Map<Phase, Duration> timings, Map<Phase, Exception> failures) {
    public ProcessResult {
        timings = Map.copyOf(timings);
        failures = Map.copyOf(failures);
    }
}
