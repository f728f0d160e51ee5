package dev.agentfsm.benchmarks.journal;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/** The machine {@link JournalCost} runs: WORK asks a model and runs an action each step, until DONE. */
public final class Worker {
    private Worker() {}

    @StateMachine(name = "Worker", initial = Work.class, description = "One model call and one action per step")
    public abstract static class Base implements AgentState<WorkerAgent> {}

    @State("WORK")
    @Transition(to = Work.class, by = Trigger.LLM)
    @Transition(to = Done.class, by = Trigger.LLM)
    public static final class Work extends Base {
        @Override
        public void handle(WorkerAgent agent, Context context) throws Exception {
            agent.work(context);
        }
    }

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends Base {}
}
