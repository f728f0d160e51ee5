package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state named as java.lang.String. */
@State("TEXT")
@Transition(to = Override.class, by = Trigger.USER)
public final class String extends Door {}
