package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.time.Duration;
import java.util.Objects;

/**
 * A state's declared time-out, from {@code @Timeout(after = ..., to = ...)}: how long the state may
 * take and the {@link Trigger#TIMEOUT} move the runtime takes when the time is up.
 * {@link Status#timeout()} reports it.
 *
 * @param after how long the state may take; positive
 * @param move the declared move taken when the time is up: from the state, by {@code TIMEOUT}, within its machine
 */
public record Timeout(Duration after, Move move) {

    /** @throws IllegalArgumentException if {@code after} is not positive or {@code move} is not a {@code TIMEOUT} move within one machine */
    public Timeout {
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(move, "move");
        if (after.isZero() || after.isNegative()) {
            throw new IllegalArgumentException("a time-out must be positive, got " + after + " for " + move);
        }
        if (move.trigger() != Trigger.TIMEOUT || move.isHandOff()) {
            throw new IllegalArgumentException("a time-out takes a TIMEOUT move within its machine, got " + move);
        }
    }

    /** The state entered when the time is up. */
    public Status to() {
        return move.to();
    }
}
