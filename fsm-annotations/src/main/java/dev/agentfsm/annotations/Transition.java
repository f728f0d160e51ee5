package dev.agentfsm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares one move the annotated {@link State} may make. Only declared moves are legal: the
 * generated table rejects any other at run time, and the generated {@code <name>Moves.<StateClass>}
 * helper offers a method for declared moves only, so an undeclared move in code does not compile.
 *
 * <p>If {@link #to()} is a state of another machine, the move is a hand-off to that machine's agent
 * (for example an AppAgent handing control back to its HostAgent).
 *
 * <pre>{@code
 * @State("FINISH")
 * @Terminal(endsRound = false, endsSubtask = true)
 * @Transition(to = ContinueHostAgentState.class, by = Trigger.SYSTEM, when = "the subtask is archived")
 * public final class FinishAppAgentState extends AppAgentState { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Transitions.class)
public @interface Transition {

    /** The target {@link State} class, of this machine or, for a hand-off, of another one. */
    Class<?> to();

    /** Who decides to take this move. */
    Trigger by();

    /** The condition under which the move is taken, in words, for the generated documentation. */
    String when() default "";
}
