package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;

/**
 * App CONTINUE: the four phases (window screenshot and numbered controls, LLM, action on a control,
 * memory and blackboard); the LLM's status decides.
 */
@State(
        value = "CONTINUE",
        description = "Run the four phases: screenshot and numbered controls, LLM, action on a control, memory")
@Transition(to = ContinueAppAgentState.class, by = Trigger.LLM)
@Transition(to = ScreenshotAppAgentState.class, by = Trigger.LLM)
@Transition(to = FinishAppAgentState.class, by = Trigger.LLM)
@Transition(to = FailAppAgentState.class, by = Trigger.LLM)
@Transition(to = PendingAppAgentState.class, by = Trigger.LLM)
@Transition(to = ConfirmAppAgentState.class, by = Trigger.LLM)
@Transition(to = ErrorAppAgentState.class, by = Trigger.SYSTEM)
final class ContinueAppAgentState extends AppAgentState {
    @Override
    public void handle(AppAgent agent, Context context) throws Exception {
        agent.step(context);
    }
}
