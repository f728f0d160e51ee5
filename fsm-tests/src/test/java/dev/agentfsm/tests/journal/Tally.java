package dev.agentfsm.tests.journal;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/**
 * A machine for the journal's tests: each WORK step asks the model what to add and appends it through
 * the device; every fifth step the model says REST, which looks at the device and goes back to work.
 */
public final class Tally {
    private Tally() {}

    @StateMachine(
            name = "Tally",
            initial = Work.class,
            onError = Fail.class,
            description = "Counts to a target, one model call and one device action per step")
    public abstract static class Base implements AgentState<TallyAgent> {}

    @State(value = "WORK", description = "Ask the model what to add, append it on the device, remember it")
    @Transition(to = Work.class, by = Trigger.LLM)
    @Transition(to = Rest.class, by = Trigger.LLM, when = "every fifth item")
    @Transition(to = Finish.class, by = Trigger.LLM, when = "the target is reached")
    public static final class Work extends Base {
        @Override
        public void handle(TallyAgent agent, Context context) throws Exception {
            agent.work(context);
        }
    }

    @State(value = "REST", description = "Look at the device, then go back to work")
    @Transition(to = Work.class, by = Trigger.SYSTEM)
    public static final class Rest extends Base {
        @Override
        public void handle(TallyAgent agent, Context context) throws Exception {
            agent.rest(context);
        }
    }

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends Base {}

    @State(value = "FAIL", description = "A step threw; clean up into FINISH")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {}
}
