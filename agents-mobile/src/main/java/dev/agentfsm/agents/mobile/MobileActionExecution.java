package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.util.Optional;

/**
 * The action phase: turns the reply's {@code action.function} and {@code action.arguments} into an
 * {@link Action} and runs it on the device. A reply without a function (a final FINISH) runs nothing.
 */
final class MobileActionExecution implements PhaseStrategy<MobileAgent> {

    @Override
    public void run(MobileAgent agent, ProcessingContext context) throws Exception {
        Optional<Action> action = context.local().require(MobileStep.REPLY).action("/action");
        if (action.isEmpty()) {
            context.local().put(MobileStep.ACTION_RESULT, ActionResult.ok("no action"));
            return;
        }
        Action chosen = action.get();
        context.local().put(MobileStep.ACTION, chosen);
        context.local().put(MobileStep.ACTION_RESULT, agent.driver().execute(chosen, agent.config().actionTimeout()));
    }
}
