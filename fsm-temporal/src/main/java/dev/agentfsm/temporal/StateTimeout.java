package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Status;
import java.time.Duration;
import java.util.Objects;

/**
 * How long a state may work and wait, and where it goes then: a declared {@code TIMEOUT} move. On
 * Temporal the wait is a durable timer, so it fires on time whether or not a worker is running.
 *
 * @param after how long, from the moment the state is entered
 * @param to the target of the state's {@code @Transition(..., by = Trigger.TIMEOUT)}
 */
public record StateTimeout(Duration after, Status to) {

    /** @throws IllegalArgumentException if {@code after} is not positive */
    public StateTimeout {
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(to, "to");
        if (after.isNegative() || after.isZero()) {
            throw new IllegalArgumentException("a state's time-out must be a positive duration; got " + after + " (to "
                    + to.qualifiedName() + ")");
        }
    }
}
