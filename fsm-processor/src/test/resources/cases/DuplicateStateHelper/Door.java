package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/** Two states named Open: A_B.Open and A.B.Open would both get the helper DoorMoves.Door_A_B_Open. */
public final class Door {
    @StateMachine(name = "Door", initial = A_B.Open.class)
    public abstract static class Base implements AgentState<Agent> {}

    public static final class A_B {
        @State("OPEN")
        @Transition(to = A.B.Open.class, by = Trigger.USER)
        public static final class Open extends Base {}
    }

    public static final class A {
        public static final class B {
            @State("CLOSED") // its helper's name is taken
            @Terminal(endsRound = true)
            public static final class Open extends Base {}
        }
    }
}
