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

    /**
     * The longest time the workflow sets a timer for: a state's time-out is shorter, and a question's wait this
     * long or longer ({@code ChronoUnit.FOREVER}) has no timer, since its end would overflow the workflow's clock
     * (milliseconds in a {@code long}) or lie beyond any timer the service keeps.
     */
    static final Duration LONGEST = Duration.ofDays(36_500);

    /** @throws IllegalArgumentException if {@code after} is not positive, or 100 years or more */
    public StateTimeout {
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(to, "to");
        if (after.isNegative() || after.isZero()) {
            throw new IllegalArgumentException("a state's time-out must be a positive duration; got " + after + " (to "
                    + to.qualifiedName() + ")");
        }
        if (after.compareTo(LONGEST) >= 0) {
            throw new IllegalArgumentException("a state's time-out must be shorter than 100 years (" + LONGEST.toDays()
                    + " days); got " + after + " (to " + to.qualifiedName() + "); declare no time-out for a state"
                    + " that may wait as long as it takes");
        }
    }
}
