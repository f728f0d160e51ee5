package example.other;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;

/** A state named as java.lang.String, outside the machine's package. */
@State("TEXT")
@Transition(to = Shut.class, by = Trigger.USER)
public final class String extends example.Door {}
