package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state named as java.lang.Class. */
@State("CLASS")
@Transition(to = Integer.class, by = Trigger.USER)
public final class Class extends Door {}
