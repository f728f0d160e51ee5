package dev.agentfsm.testing.shop;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;

/** A machine with a move no round takes: CLOSED ends the round before it could move on to ARCHIVED. */
public final class Ledger {
    private Ledger() {}

    /** The agent. */
    public static final class Keeper extends BaseAgent {
        public Keeper() {
            super("Keeper");
        }
    }

    @StateMachine(name = "Ledger", initial = Open.class)
    public abstract static class LedgerState implements AgentState<Keeper> {}

    @State("OPEN")
    @Transition(to = Closed.class, by = Trigger.SYSTEM)
    public static final class Open extends LedgerState {}

    @State("CLOSED")
    @Terminal(endsRound = true)
    @Transition(to = Archived.class, by = Trigger.SYSTEM)
    public static final class Closed extends LedgerState {}

    @State("ARCHIVED")
    @Terminal(endsRound = true)
    public static final class Archived extends LedgerState {}
}
