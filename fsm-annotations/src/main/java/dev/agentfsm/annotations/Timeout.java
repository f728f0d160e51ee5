package dev.agentfsm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How long a {@link State} may take, and where it goes when the time is up. The runtime starts the
 * clock when the state is entered; a wait for an external event in the state's work ends at the
 * deadline, and work that ends after it (by returning or by throwing) takes the declared
 * {@code TIMEOUT} move instead of the state's own decision.
 *
 * <p>The processor checks it at compile time: {@link #after()} must be a positive ISO-8601 duration,
 * and {@link #to()} a state of the same machine that this state declares a
 * {@code @Transition(to = ..., by = Trigger.TIMEOUT)} to.
 *
 * <pre>{@code
 * @State(value = "PENDING", description = "Wait for the user's approval")
 * @Timeout(after = "PT5M", to = FailHostAgentState.class)
 * @Transition(to = ContinueHostAgentState.class, by = Trigger.USER, when = "approved")
 * @Transition(to = FailHostAgentState.class, by = Trigger.TIMEOUT, when = "nobody answered in 5 minutes")
 * public final class PendingHostAgentState extends HostAgentState { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Timeout {

    /**
     * How long the state may take, as an ISO-8601 duration ({@code java.time.Duration.parse}):
     * {@code "PT30S"}, {@code "PT5M"}, {@code "PT1H30M"}, {@code "P1D"}. Must be positive.
     */
    String after();

    /**
     * The state entered when the time is up: one this state declares a transition to with
     * {@code by = Trigger.TIMEOUT}, of the same machine (a time-out cannot hand off: there is no
     * agent to hand to; time out to a state of this machine that hands off).
     */
    Class<?> to();
}
