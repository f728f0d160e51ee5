package dev.agentfsm.runtime.llm;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.TransitionTable;
import dev.agentfsm.runtime.UnknownStatusException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A hand-written {@link TransitionTable} for tests of this module, which cannot run the annotation
 * processor on itself. {@link #appAgent()} mirrors UFO's AppAgent as the fsm-tests fixture declares it.
 */
final class TableDouble implements TransitionTable {
    private final String machine;
    private final Map<String, Map<String, Trigger>> transitions = new LinkedHashMap<>();

    private TableDouble(String machine) {
        this.machine = machine;
    }

    static TableDouble appAgent() {
        return new TableDouble("AppAgent")
                .state("CONTINUE", Map.entry("CONTINUE", Trigger.LLM), Map.entry("SCREENSHOT", Trigger.LLM),
                        Map.entry("FINISH", Trigger.LLM), Map.entry("FAIL", Trigger.LLM),
                        Map.entry("PENDING", Trigger.LLM), Map.entry("CONFIRM", Trigger.LLM),
                        Map.entry("ERROR", Trigger.SYSTEM))
                .state("SCREENSHOT", Map.entry("SCREENSHOT", Trigger.SYSTEM), Map.entry("CONTINUE", Trigger.SYSTEM))
                .state("PENDING", Map.entry("CONTINUE", Trigger.USER))
                .state("CONFIRM", Map.entry("CONTINUE", Trigger.USER), Map.entry("FINISH", Trigger.USER))
                .state("FINISH", Map.entry("HostAgent.CONTINUE", Trigger.SYSTEM),
                        Map.entry("HostAgent.FINISH", Trigger.SYSTEM))
                .state("FAIL", Map.entry("HostAgent.CONTINUE", Trigger.SYSTEM))
                .state("ERROR", Map.entry("HostAgent.FINISH", Trigger.SYSTEM));
    }

    @SafeVarargs
    final TableDouble state(String status, Map.Entry<String, Trigger>... targets) {
        Map<String, Trigger> byTarget = new LinkedHashMap<>();
        for (Map.Entry<String, Trigger> target : targets) {
            byTarget.put(target.getKey(), target.getValue());
        }
        transitions.put(status, byTarget);
        return this;
    }

    private Map<String, Trigger> from(String status) {
        Map<String, Trigger> targets = transitions.get(status);
        if (targets == null) {
            throw new UnknownStatusException(machine, status, statuses());
        }
        return targets;
    }

    @Override public String machine() { return machine; }

    @Override public List<String> statuses() { return List.copyOf(transitions.keySet()); }

    @Override public int indexOf(String status) { return new ArrayList<>(transitions.keySet()).indexOf(status); }

    @Override public String initial() { return statuses().get(0); }

    @Override public Optional<String> fallback() { return Optional.empty(); }

    @Override public Optional<String> onError() { return Optional.of("ERROR"); }

    @Override public boolean allows(String from, String to) {
        return transitions.containsKey(from) && transitions.get(from).containsKey(to);
    }

    @Override public List<String> targets(String from) { return List.copyOf(from(from).keySet()); }

    @Override public Optional<Trigger> trigger(String from, String to) {
        return transitions.containsKey(from) ? Optional.ofNullable(transitions.get(from).get(to)) : Optional.empty();
    }

    @Override public boolean isTerminal(String status) {
        from(status);
        return List.of("FINISH", "FAIL", "ERROR").contains(status);
    }

    @Override public boolean endsRound(String status) {
        from(status);
        return false;
    }

    @Override public boolean endsSubtask(String status) { return isTerminal(status); }

    @Override public String description(String status) {
        from(status);
        return "";
    }
}
