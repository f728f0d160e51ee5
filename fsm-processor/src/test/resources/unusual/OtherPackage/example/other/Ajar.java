package example.other;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Next;
import example.DoorMoves;

/** Decides in its own package. */
@State("AJAR")
@Transition(to = String.class, by = Trigger.USER)
@Transition(to = Shut.class, by = Trigger.USER)
public final class Ajar extends example.Door {
    public Next next(Agent agent, DoorMoves.Ajar to) {
        return to.toShut();
    }
}
