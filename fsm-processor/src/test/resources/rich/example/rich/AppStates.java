package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;

/** The App machine: nested state classes, entered by the Host's hand-off, handing back when done. */
public final class AppStates {
    private AppStates() {}

    @StateMachine(name = "App", initial = Continue.class)
    public abstract static class Base implements AgentState<AppAgent> {}

    @State("CONTINUE")
    @Transition(to = Continue.class, by = Trigger.LLM)
    @Transition(to = Screenshot.class, by = Trigger.LLM, when = "the screen changed")
    @Transition(to = Finish.class, by = Trigger.LLM)
    public static final class Continue extends Base {}

    @State("SCREENSHOT")
    @Transition(to = Continue.class, by = Trigger.SYSTEM)
    public static final class Screenshot extends Base {}

    @State(value = "FINISH", description = "Hand control back to the host")
    @Terminal(endsRound = false, endsSubtask = true)
    @Transition(to = ContinueHostState.class, by = Trigger.SYSTEM, when = "the subtask is done")
    public static final class Finish extends Base {
        public Next next(AppAgent agent, AppMoves.Finish to) {
            return to.toHostContinue(agent.owner);
        }
    }
}
