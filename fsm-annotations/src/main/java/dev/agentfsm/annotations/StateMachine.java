package dev.agentfsm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a state machine on the abstract base type that all of its states extend or implement.
 *
 * <p>The base type implements {@code dev.agentfsm.runtime.AgentState<A>}; {@code A} is the agent the
 * machine drives. From this declaration the processor generates, in the base type's package,
 * {@code <name>Status}, {@code <name>StateManager}, {@code <name>TransitionTable} and
 * {@code <name>Moves}, which holds one helper per state ({@code <name>Moves.<StateClass>}).
 *
 * <pre>{@code
 * @StateMachine(name = "LinuxAgent",
 *               initial = ContinueLinuxAgentState.class,
 *               onError = FailLinuxAgentState.class)
 * public abstract class LinuxAgentState implements AgentState<LinuxAgent> { }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface StateMachine {

    /**
     * The machine's name, an UpperCamel Java identifier such as {@code "HostAgent"}. It prefixes the
     * generated types and names hand-off targets ({@code HostAgent.CONTINUE}).
     */
    String name();

    /** The {@link State} class a round starts in. It must belong to this machine and not be {@link Terminal}. */
    Class<?> initial();

    /**
     * The state entered when the agent reports a status that no state of this machine has (UFO's
     * {@code none_state}). {@code void.class}, the default, means none: an unknown status ends the
     * round with an explicit {@code UNKNOWN_STATUS} result.
     */
    Class<?> fallback() default void.class;

    /**
     * The state entered when a state's {@code handle} throws. {@code void.class}, the default, means
     * none: the round ends with an explicit {@code ERROR} result carrying the exception.
     */
    Class<?> onError() default void.class;

    /** A sentence saying what the machine is for; it heads the generated documentation. */
    String description() default "";
}
