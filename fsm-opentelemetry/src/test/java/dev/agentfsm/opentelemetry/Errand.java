package dev.agentfsm.opentelemetry;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/** A machine for the telemetry tests: ask the model, act on the device, finish. */
public final class Errand {
    private Errand() {}

    @StateMachine(name = "Errand", initial = Plan.class, description = "One model call, one device action")
    public abstract static class Base implements AgentState<ErrandAgent> {}

    @State(value = "PLAN", description = "Ask the model what to do")
    @Transition(to = Act.class, by = Trigger.LLM)
    @Transition(to = Done.class, by = Trigger.LLM, when = "nothing to do")
    public static final class Plan extends Base {
        @Override
        public void handle(ErrandAgent agent, Context context) throws Exception {
            agent.plan();
        }
    }

    @State(value = "ACT", description = "Run the planned action on the device")
    @Transition(to = Done.class, by = Trigger.SYSTEM)
    public static final class Act extends Base {
        @Override
        public void handle(ErrandAgent agent, Context context) throws Exception {
            agent.act();
        }
    }

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends Base {}
}
