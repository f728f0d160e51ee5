package dev.agentfsm.tests.journal.v5;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.tests.journal.TallyAgent;

/**
 * The fifth version of {@link dev.agentfsm.tests.journal.Tally}: the model may give up, WORK now declaring
 * its move to FAIL. It only adds a move; but a journal whose round ended as {@code ILLEGAL_TRANSITION}
 * because the first version's WORK asked for FAIL records an end this version does not make there
 * ({@code MachineVersionsTest}).
 */
public final class Tally {
    private Tally() {}

    @StateMachine(
            name = "Tally",
            initial = Work.class,
            onError = Fail.class,
            description = "Counts to a target; the model may give up")
    public abstract static class Base implements AgentState<TallyAgent> {}

    @State(value = "WORK", description = "Ask the model what to add, append it on the device, remember it")
    @Transition(to = Work.class, by = Trigger.LLM)
    @Transition(to = Rest.class, by = Trigger.LLM, when = "every fifth item")
    @Transition(to = Finish.class, by = Trigger.LLM, when = "the target is reached")
    @Transition(to = Fail.class, by = Trigger.LLM, when = "the model gives up")
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
