package dev.agentfsm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link State} in which this machine's work is over.
 *
 * <p>The state's {@code handle} still runs once when it is entered: that is its exit action
 * (archive the subtask, record the failure). Then the round ends if {@link #endsRound()}; otherwise
 * the state moves on by its declared transitions, either a hand-off to another machine or a
 * clean-up move to another terminal state of its own machine.
 *
 * <pre>{@code
 * @State("FAIL")
 * @Terminal(endsRound = false)
 * @Transition(to = FinishLinuxAgentState.class, by = Trigger.SYSTEM, when = "clean-up")
 * public final class FailLinuxAgentState extends LinuxAgentState { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Terminal {

    /** Whether the round stops once this state's {@code handle} has run. */
    boolean endsRound() default true;

    /**
     * Whether reaching this state completes the current subtask: once its {@code handle} has run, the
     * runtime records the subtask the state archived (or archives one for it) and announces it to the
     * round's listeners; the round's result lists it.
     */
    boolean endsSubtask() default false;
}
