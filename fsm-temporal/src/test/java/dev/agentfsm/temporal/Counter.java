package dev.agentfsm.temporal;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import java.util.Optional;

/**
 * A fixture machine without I/O: COUNT counts to the agent's target, then FINISHes; a count can be
 * made to fail (to BROKEN, the onError state) or to name a status (for the unknown-status paths).
 */
public final class Counter {
    private Counter() {}

    /** The agent: its target, its count, and what its COUNT does at one count. */
    public static final class CounterAgent extends BaseAgent {
        final int target;
        int count;
        int failAt = -1;
        Optional<String> statusAt = Optional.empty();

        CounterAgent(int target) {
            this(target, RuntimeConfig.defaults());
        }

        CounterAgent(int target, RuntimeConfig config) {
            super("Counter", config);
            this.target = target;
        }

        /** Makes the {@code n}th count throw. */
        CounterAgent failingAt(int n) {
            failAt = n;
            return this;
        }

        /** Makes the last count ask for the status named {@code name} (which may be unknown). */
        CounterAgent asking(String name) {
            statusAt = Optional.of(name);
            return this;
        }

        @Override
        public void reset() {
            super.reset();
            count = 0;
        }
    }

    @StateMachine(name = "Counter", initial = Count.class, onError = Broken.class, description = "Counts to a target")
    public abstract static class CounterState implements AgentState<CounterAgent> {}

    @State(value = "COUNT", description = "Count one")
    @Transition(to = Count.class, by = Trigger.LLM)
    @Transition(to = Finish.class, by = Trigger.LLM)
    @Transition(to = Broken.class, by = Trigger.SYSTEM)
    public static final class Count extends CounterState {
        @Override
        public void handle(CounterAgent agent, Context context) {
            agent.count++;
            if (agent.count == agent.failAt) {
                throw new IllegalStateException("count " + agent.count + " failed");
            }
            context.put(Context.ROUND_RESULT, "counted to " + agent.count);
            if (agent.count >= agent.target) {
                agent.setStatus(
                        agent.statusAt.isPresent()
                                ? CounterStatus.COUNT.machine().table().require(agent.statusAt.get())
                                : CounterStatus.FINISH);
            } else {
                agent.setStatus(CounterStatus.COUNT);
            }
        }
    }

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends CounterState {}

    @State(value = "BROKEN", description = "A count failed")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Broken extends CounterState {
        @Override
        public void handle(CounterAgent agent, Context context) {
            context.put(
                    Context.ROUND_RESULT,
                    "broken: "
                            + context.get(Context.ERROR)
                                    .map(Exception::getMessage)
                                    .orElse("?"));
        }
    }
}
