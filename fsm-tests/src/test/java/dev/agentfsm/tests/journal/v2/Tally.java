package dev.agentfsm.tests.journal.v2;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.tests.journal.TallyAgent;

/**
 * The next version of {@link dev.agentfsm.tests.journal.Tally}, of the same name and agent: WORK may
 * also PAUSE. Its tables differ, so it must not resume the first version's journals.
 */
public final class Tally {
    private Tally() {}

    @StateMachine(
            name = "Tally",
            initial = Work.class,
            onError = Fail.class,
            description = "Counts to a target; a later version with a PAUSE state")
    public abstract static class Base implements AgentState<TallyAgent> {}

    @State("WORK")
    @Transition(to = Work.class, by = Trigger.LLM)
    @Transition(to = Rest.class, by = Trigger.LLM)
    @Transition(to = Pause.class, by = Trigger.USER)
    @Transition(to = Finish.class, by = Trigger.LLM)
    public static final class Work extends Base {}

    @State("REST")
    @Transition(to = Work.class, by = Trigger.SYSTEM)
    public static final class Rest extends Base {}

    @State("PAUSE")
    @Transition(to = Work.class, by = Trigger.USER)
    public static final class Pause extends Base {}

    @State("FINISH")
    @Terminal(endsRound = true)
    public static final class Finish extends Base {}

    @State("FAIL")
    @Terminal(endsRound = false)
    @Transition(to = Finish.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Fail extends Base {}
}
