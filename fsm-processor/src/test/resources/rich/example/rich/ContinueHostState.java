package example.rich;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/** Moves by the agent's status: the LLM picks. */
@State(value = "CONTINUE", description = "Run the four phases of a step")
@Transition(to = ContinueHostState.class, by = Trigger.LLM)
@Transition(to = AssignHostState.class, by = Trigger.LLM, when = "an application was selected")
@Transition(to = PendingHostState.class, by = Trigger.LLM, when = "the user must answer a question */ <b>first</b>")
@Transition(to = FinishHostState.class, by = Trigger.LLM, when = "the task is done: \"all\" of it")
public final class ContinueHostState extends HostState {
    @Override
    public void handle(HostAgent agent, Context context) {
        // a real agent runs its step here: observe, ask the LLM, act, remember
    }
}
