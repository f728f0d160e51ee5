package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Status;
import java.util.Map;
import java.util.Optional;

/**
 * Where the workflow learns each state's declared time-out. None by default. Once the machines'
 * model carries declared time-outs (an annotation on the state), an implementation reading the
 * model takes this one's place, and nothing else changes: the worker hands the time-outs to the
 * workflow when it opens a session, and the workflow enforces them with durable timers.
 *
 * <pre>{@code
 * StateTimeouts timeouts = StateTimeouts.of(Map.of(TicketStatus.ASK, new StateTimeout(Duration.ofMinutes(5), TicketStatus.EXPIRED)));
 * }</pre>
 */
@FunctionalInterface
public interface StateTimeouts {

    /** The time-out {@code status}'s state declares, if any. */
    Optional<StateTimeout> of(Status status);

    /** No state has a time-out. */
    static StateTimeouts none() {
        return status -> Optional.empty();
    }

    /** The time-outs of the statuses in {@code timeouts}; every other state has none. */
    static StateTimeouts of(Map<? extends Status, StateTimeout> timeouts) {
        Map<Status, StateTimeout> copy = Map.copyOf(timeouts);
        return status -> Optional.ofNullable(copy.get(status));
    }
}
