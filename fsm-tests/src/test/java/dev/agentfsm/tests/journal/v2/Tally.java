package dev.agentfsm.tests.journal.v2;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.tests.journal.TallyAgent;

/**
 * The second version of {@link dev.agentfsm.tests.journal.Tally}, of the same name and agent: the user
 * may PAUSE the work, and the texts say more. It only adds a state and moves, so it resumes the first
 * version's journals ({@code MachineVersionsTest}). Each version has its package, so that all three
 * are compiled by one build.
 */
public final class Tally {
    private Tally() {}

    @StateMachine(
            name = "Tally",
            initial = Work.class,
            onError = Fail.class,
            description = "Counts to a target; the user may pause it")
    public abstract static class Base implements AgentState<TallyAgent> {}

    @State(value = "WORK", description = "Ask the model what to add, append it on the device, remember it")
    @Transition(to = Work.class, by = Trigger.LLM, when = "the target is not reached yet")
    @Transition(to = Rest.class, by = Trigger.LLM, when = "every fifth item")
    @Transition(to = Pause.class, by = Trigger.USER, when = "the user asked for a pause")
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

    @State(value = "PAUSE", description = "Wait for the user to resume the work")
    @Transition(to = Work.class, by = Trigger.USER)
    public static final class Pause extends Base {}

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends Base {}

    @State(value = "FAIL", description = "A step threw; clean up into FINISH")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {}
}
