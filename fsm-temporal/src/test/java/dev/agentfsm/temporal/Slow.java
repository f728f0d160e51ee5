package dev.agentfsm.temporal;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import java.util.concurrent.CountDownLatch;

/** A fixture machine whose WORK never ends by itself (a model that does not answer); its TIMEOUT move gives up. */
public final class Slow {
    private Slow() {}

    /** The agent: whether its work started, and whether it was interrupted. */
    public static final class SlowAgent extends BaseAgent {
        final CountDownLatch working = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);

        SlowAgent() {
            super("Slow");
        }
    }

    @StateMachine(name = "Slow", initial = Work.class, description = "Works until its time-out")
    public abstract static class SlowState implements AgentState<SlowAgent> {}

    @State(value = "WORK", description = "Wait for an answer that does not come")
    @Transition(to = Done.class, by = Trigger.LLM)
    @Transition(to = GaveUp.class, by = Trigger.TIMEOUT)
    public static final class Work extends SlowState {
        @Override
        public void handle(SlowAgent agent, Context context) throws InterruptedException {
            agent.working.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                agent.interrupted.countDown();
                throw e;
            }
        }
    }

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends SlowState {}

    @State("GAVE_UP")
    @Terminal(endsRound = true)
    public static final class GaveUp extends SlowState {
        @Override
        public void handle(SlowAgent agent, Context context) {
            context.put(Context.ROUND_RESULT, "gave up");
        }
    }
}
