package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state named as java.lang.IllegalArgumentException. */
@State("ILLEGAL_ARGUMENT_EXCEPTION")
@Transition(to = IllegalStateException.class, by = Trigger.USER)
public final class IllegalArgumentException extends Door {}
