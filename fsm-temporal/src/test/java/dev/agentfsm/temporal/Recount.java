package dev.agentfsm.temporal;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import java.util.Optional;

/**
 * A fixture machine: a second version of a counter, which {@link Counter} stands for as its first.
 * It counts as Counter does but starts in a new initial state, CHECK, that goes on to COUNT; so a
 * session recorded by the first version takes as many steps in it, along another path. Its last
 * count can ask for CHECK, a status COUNT does not declare a move to.
 */
public final class Recount {
    private Recount() {}

    /** The agent: its target and its count. */
    public static final class RecountAgent extends BaseAgent {
        final int target;
        int count;
        Optional<String> statusAt = Optional.empty();

        RecountAgent(int target) {
            super("Recount");
            this.target = target;
        }

        /** Makes the last count ask for the status named {@code name}, which COUNT may not move to. */
        RecountAgent asking(String name) {
            statusAt = Optional.of(name);
            return this;
        }

        @Override
        public void reset() {
            super.reset();
            count = 0;
        }
    }

    @StateMachine(name = "Recount", initial = Check.class, description = "Checks, then counts to a target")
    public abstract static class RecountState implements AgentState<RecountAgent> {}

    @State(value = "CHECK", description = "Check before counting")
    @Transition(to = Count.class, by = Trigger.LLM)
    public static final class Check extends RecountState {}

    @State(value = "COUNT", description = "Count one")
    @Transition(to = Count.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    public static final class Count extends RecountState {
        @Override
        public void handle(RecountAgent agent, Context context) {
            agent.count++;
            context.put(Context.ROUND_RESULT, "counted to " + agent.count);
            if (agent.count < agent.target) {
                agent.setStatus(RecountStatus.COUNT);
            } else {
                agent.setStatus(agent.statusAt
                        .map(RecountStatus.COUNT.machine().table()::require)
                        .orElse(RecountStatus.FINISH));
            }
        }
    }

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends RecountState {}
}
