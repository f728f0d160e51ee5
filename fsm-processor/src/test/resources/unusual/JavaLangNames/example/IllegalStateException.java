package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state named as java.lang.IllegalStateException. */
@State("ILLEGAL_STATE_EXCEPTION")
@Transition(to = Class.class, by = Trigger.USER)
public final class IllegalStateException extends Door {}
