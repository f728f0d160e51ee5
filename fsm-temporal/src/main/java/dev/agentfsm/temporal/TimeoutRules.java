package dev.agentfsm.temporal;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Turns {@link StateTimeouts} into checked data for the workflow. */
final class TimeoutRules {
    private TimeoutRules() {}

    /**
     * The time-outs of every state of {@code machines}, by qualified status.
     *
     * @throws IllegalArgumentException naming the state, the target and the fix when a time-out's
     *     target is not a declared {@code TIMEOUT} move of its state
     */
    static Map<String, SessionOpened.TimeoutRule> of(List<StateManager<?, ?>> machines, StateTimeouts timeouts) {
        Map<String, SessionOpened.TimeoutRule> rules = new LinkedHashMap<>();
        for (StateManager<?, ?> machine : machines) {
            for (Status status : machine.table().statuses()) {
                Optional<StateTimeout> declared = timeouts.of(status);
                if (declared.isEmpty()) {
                    continue;
                }
                StateTimeout timeout = declared.get();
                Optional<Move> move = status.moveTo(timeout.to());
                if (move.isEmpty() || move.get().trigger() != Trigger.TIMEOUT) {
                    throw new IllegalArgumentException(status.qualifiedName() + " has a time-out of " + timeout.after()
                            + " to " + timeout.to().qualifiedName() + ", but "
                            + move.map(m -> "declares that move with trigger " + m.trigger())
                                    .orElse("declares no move there")
                            + "; declare @Transition(to = ..., by = Trigger.TIMEOUT) to it on the state, or give"
                            + " the time-out one of the state's TIMEOUT targets");
                }
                rules.put(
                        status.qualifiedName(),
                        new SessionOpened.TimeoutRule(
                                timeout.after(), timeout.to().qualifiedName()));
            }
        }
        return Map.copyOf(rules);
    }
}
