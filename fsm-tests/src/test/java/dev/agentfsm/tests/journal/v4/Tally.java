package dev.agentfsm.tests.journal.v4;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.tests.journal.TallyAgent;

/**
 * The fourth version of {@link dev.agentfsm.tests.journal.Tally}: FINISH no longer ends the round but
 * cleans up into a new DONE, which does. Every state and move of the first version is kept, so the
 * processor reports nothing against its model; but a journal whose round ended in FINISH records an
 * end this version does not make there, and is refused at resume naming that step, while a journal cut
 * before FINISH resumes ({@code MachineVersionsTest}).
 */
public final class Tally {
    private Tally() {}

    @StateMachine(
            name = "Tally",
            initial = Work.class,
            onError = Fail.class,
            description = "Counts to a target, then cleans up")
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

    @State(value = "FINISH", description = "The target is reached; clean up into DONE")
    @Terminal(endsRound = false)
    @Transition(to = Done.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Finish extends Base {}

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends Base {}

    @State(value = "FAIL", description = "A step threw; clean up into FINISH")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {}
}
