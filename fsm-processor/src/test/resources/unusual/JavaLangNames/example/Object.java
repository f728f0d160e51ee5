package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state named as java.lang.Object. */
@State("OBJECT")
@Transition(to = String.class, by = Trigger.USER)
public final class Object extends Door {}
