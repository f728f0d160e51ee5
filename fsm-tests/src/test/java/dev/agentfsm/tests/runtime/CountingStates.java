package dev.agentfsm.tests.runtime;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/** A two-state machine for measuring the runtime's own cost per step. */
public final class CountingStates {
    private CountingStates() {}

    @StateMachine(name = "Counting", initial = Continue.class)
    public abstract static class Base implements AgentState<CountingAgent> {}

    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    public static final class Continue extends Base {
        @Override
        public void handle(CountingAgent agent, Context context) {
            agent.work();
        }
    }

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends Base {}
}
