package dev.agentfsm.tests.runtime;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.tests.ufo.HostAgent;

/**
 * UFO's HostAgent as its code registers it: {@code HostAgentStatus.CONFIRM} exists, but no CONFIRM
 * state does, and there is no fallback and no onError.
 */
public final class UfoCodeHostStates {
    private UfoCodeHostStates() {}

    @StateMachine(name = "UfoCodeHostAgent", initial = Continue.class)
    public abstract static class Base implements AgentState<HostAgent> {}

    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Pending.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Fail.class, by = Trigger.LLM)
    public static final class Continue extends Base {
        @Override
        public void handle(HostAgent agent, Context context) throws Exception {
            agent.act(context);
        }
    }

    @State("PENDING")
    @Transition(to = Continue.class, by = Trigger.USER)
    public static final class Pending extends Base {}

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends Base {}

    @State("FAIL")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM)
    public static final class Fail extends Base {}
}
