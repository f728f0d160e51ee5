package dev.agentfsm.trace;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentfsm.runtime.Outcome;
import java.io.IOException;
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

    /** Appends the table of {@code outcomes} (as {@link #sorted} gives them) after a blank line; nothing when there are none. */
    static void appendTable(StringBuilder out, Map<String, Long> outcomes) {
        if (!outcomes.isEmpty()) {
            TextTable table = TextTable.of("outcome", "#rounds");
            outcomes.forEach(table::row);
            out.append('\n');
            table.appendTo(out);
        }
    }

    /** The field {@code outcomes}: one number per outcome name. */
    static void writeJson(JsonGenerator json, Map<String, Long> outcomes) throws IOException {
        json.writeObjectFieldStart("outcomes");
        for (Map.Entry<String, Long> outcome : outcomes.entrySet()) {
            json.writeNumberField(outcome.getKey(), outcome.getValue());
        }
        json.writeEndObject();
    }
}
