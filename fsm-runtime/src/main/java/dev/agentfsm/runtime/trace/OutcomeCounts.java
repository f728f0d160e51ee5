package dev.agentfsm.runtime.trace;

import dev.agentfsm.runtime.Outcome;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many rounds ended with each outcome, by the name the trace gives. A damaged trace could name
 * any number of outcomes, so at most {@value #MAX_NAMES} are counted apart, the rest as {@code (other)}.
 */
final class OutcomeCounts {
    static final int MAX_NAMES = 64;
    static final String OTHER = "(other)";

    private final Map<String, Long> counts = new HashMap<>();

    void add(String outcome) {
        String name = counts.containsKey(outcome) || counts.size() < MAX_NAMES ? outcome : OTHER;
        counts.merge(name, 1L, Long::sum);
    }

    /** The runtime's outcomes in their declared order, then any other names, sorted. */
    Map<String, Long> sorted() {
        Map<String, Long> sorted = new LinkedHashMap<>();
        for (Outcome outcome : Outcome.values()) {
            Long count = counts.get(outcome.name());
            if (count != null) {
                sorted.put(outcome.name(), count);
            }
        }
        new TreeMap<>(counts).forEach(sorted::putIfAbsent);
        return sorted;
    }
}
