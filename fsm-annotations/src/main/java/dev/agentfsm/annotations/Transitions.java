package dev.agentfsm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The container of repeated {@link Transition} annotations. The compiler writes it for you when a
 * state carries more than one {@code @Transition}; there is no need to write it by hand:
 *
 * <pre>{@code
 * @Transition(to = ContinueAppAgentState.class, by = Trigger.USER, when = "approved")
 * @Transition(to = FinishAppAgentState.class, by = Trigger.USER, when = "rejected")
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Transitions {

    /** The transitions, in declaration order. */
    Transition[] value();
}
