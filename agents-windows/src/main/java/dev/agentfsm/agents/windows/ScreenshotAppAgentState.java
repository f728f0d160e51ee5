package dev.agentfsm.agents.windows;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;

/**
 * App SCREENSHOT: re-captures the window and re-annotates its controls (the step's observe phase
 * alone: no LLM call, no action); it stays while a control the LLM asked to re-annotate has not
 * appeared yet, continues once none is waiting, and fails the subtask when one is still missing after
 * {@code maxReannotate} re-annotations in a row.
 */
@State(value = "SCREENSHOT", description = "Re-capture the window and re-annotate its controls")
@Transition(to = ScreenshotAppAgentState.class, by = Trigger.SYSTEM, when = "more controls to re-annotate")
@Transition(to = ContinueAppAgentState.class, by = Trigger.SYSTEM, when = "done")
@Transition(
        to = FailAppAgentState.class,
        by = Trigger.SYSTEM,
        when = "a control is still missing after maxReannotate re-annotations")
final class ScreenshotAppAgentState extends AppAgentState {
    @Override
    public void handle(AppAgent agent, Context context) throws Exception {
        agent.reannotate(context);
    }

    public Next next(AppAgent agent, AppAgentMoves.ScreenshotAppAgentState to) {
        if (agent.waitingControls().isEmpty()) {
            return to.toContinue();
        }
        return agent.gaveUp().isPresent() ? to.toFail() : to.toScreenshot();
    }
}
