package dev.agentfsm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a class as one state of the machine whose {@link StateMachine} base type it extends or
 * implements.
 *
 * <p>The class must be concrete, not private, top-level or static, and have an accessible no-arg
 * constructor: the generated state manager creates it once with {@code new} and shares it between
 * all agents and threads, so it should keep no mutable fields.
 *
 * <pre>{@code
 * @State(value = "CONTINUE", description = "Ask the LLM for the next command and run it")
 * @Transition(to = ContinueLinuxAgentState.class, by = Trigger.LLM)
 * @Transition(to = FinishLinuxAgentState.class, by = Trigger.LLM, when = "the task is done")
 * public final class ContinueLinuxAgentState extends LinuxAgentState {
 *     @Override public void handle(LinuxAgent agent, Context context) throws Exception {
 *         agent.process(context);
 *     }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface State {

    /** The status this state answers to, in UPPER_SNAKE_CASE ({@code [A-Z][A-Z0-9_]*}), e.g. {@code "CONTINUE"}. */
    String value();

    /** What the agent does in this state, for the generated documentation. */
    String description() default "";
}
