package dev.agentfsm.testing.shop;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import java.util.List;

/**
 * A machine whose model may choose its onError state, as the LinuxAgent's may choose FAIL: the round enters
 * BROKEN by the model's declared move, or by the runtime's own when ASK's work throws, the same two statuses.
 */
public final class Kiosk {
    private Kiosk() {}

    /** The agent. */
    public static final class Clerk extends BaseAgent {
        final ReplyGuard guard;

        public Clerk(LlmClient llm) {
            super("KioskClerk");
            this.guard = ReplyGuard.of(llm, "/status", 0);
        }
    }

    @StateMachine(name = "Kiosk", initial = Ask.class, onError = Broken.class)
    public abstract static class KioskState implements AgentState<Clerk> {}

    @State(value = "ASK", description = "Ask the model what to serve")
    @Transition(to = Served.class, by = Trigger.LLM, when = "the order is served")
    @Transition(to = Broken.class, by = Trigger.LLM, when = "the model gives up")
    public static final class Ask extends KioskState {
        @Override
        public void handle(Clerk agent, Context context) throws Exception {
            agent.setStatus(agent.guard
                    .ask(KioskStatus.ASK, List.of(ChatMessage.user("What to serve?")))
                    .status());
        }
    }

    @State("SERVED")
    @Terminal(endsRound = true)
    public static final class Served extends KioskState {}

    @State("BROKEN")
    @Terminal(endsRound = true)
    public static final class Broken extends KioskState {}
}
