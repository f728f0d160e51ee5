package example.lamp;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/** States without a next method: the generated state manager decides where each goes. */
public final class Lamp {
    private Lamp() {}

    @StateMachine(name = "Lamp", initial = Off.class)
    public abstract static class Base implements AgentState<Agent> {}

    /** One move and no next method: the manager takes that move, whatever the agent's status. */
    @State("OFF")
    @Transition(to = On.class, by = Trigger.USER, when = "switched on")
    public static final class Off extends Base {}

    /** Two moves and no next method: the manager moves to the agent's status. */
    @State("ON")
    @Transition(to = Off.class, by = Trigger.USER, when = "switched off")
    @Transition(to = BurntOut.class, by = Trigger.SYSTEM, when = "the bulb failed")
    public static final class On extends Base {
        @Override
        public void handle(Agent agent, Context context) {
            agent.setStatus(LampStatus.BURNT_OUT);
        }
    }

    @State("BURNT_OUT")
    @Terminal(endsRound = true)
    public static final class BurntOut extends Base {}
}
