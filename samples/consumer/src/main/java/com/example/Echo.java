package com.example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/** A machine that answers a request by repeating it, and gives up after three tries. */
public final class Echo {
    private Echo() {}

    /** The agent: its data lives here, not in the states, which are shared singletons. */
    public static final class EchoAgent extends BaseAgent {
        int tries;

        public EchoAgent() {
            super("Echo");
        }
    }

    @StateMachine(name = "Echo", initial = Listen.class, onError = Fail.class, description = "Repeats the request back")
    public abstract static class EchoState implements AgentState<EchoAgent> {}

    @State(value = "LISTEN", description = "Read the request and answer it")
    @Transition(to = Listen.class, by = Trigger.LLM, when = "not understood yet")
    @Transition(to = Finish.class, by = Trigger.LLM, when = "answered")
    @Transition(to = Fail.class, by = Trigger.SYSTEM, when = "three tries failed")
    public static final class Listen extends EchoState {
        @Override
        public void handle(EchoAgent agent, Context context) {
            agent.tries++;
            String request = context.require(Context.REQUEST);
            if (!request.isBlank()) {
                context.put(Context.ROUND_RESULT, request);
                agent.setStatus(EchoStatus.FINISH); // EchoStatus is generated: one constant per @State
            } else {
                agent.setStatus(EchoStatus.LISTEN);
            }
        }

        // Optional: decide in code. `to` offers only the declared moves, so
        // `to.toSomewhereElse()` would not compile. Without this method, the agent's status decides.
        public Next next(EchoAgent agent, EchoMoves.Listen to) {
            return agent.tries >= 3 && agent.status() != EchoStatus.FINISH ? to.toFail() : to.byStatus(agent.status());
        }
    }

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends EchoState {}

    // A state with a single move needs no next method: the runtime takes that move.
    @State("FAIL")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends EchoState {}
}
