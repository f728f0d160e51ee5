package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state named as java.lang.Override. */
@State("OVERRIDE")
@Transition(to = IllegalArgumentException.class, by = Trigger.USER)
public final class Override extends Door {}
