package example.other;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import example.Door;

/** Package-private in another package than its machine: the state manager cannot create it. */
@State("AJAR")
@Transition(to = Door.Closed.class, by = Trigger.USER)
final class Ajar extends Door.Base {}
