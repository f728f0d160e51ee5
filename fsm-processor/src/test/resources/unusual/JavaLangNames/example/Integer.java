package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state named as java.lang.Integer. */
@State("INTEGER")
@Transition(to = SuppressWarnings.class, by = Trigger.USER)
public final class Integer extends Door {}
