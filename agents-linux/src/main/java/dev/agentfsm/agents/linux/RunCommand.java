package dev.agentfsm.agents.linux;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.util.Optional;

/**
 * The action phase: turns the reply's {@code action.function} and {@code action.arguments} into an
 * {@link Action} and runs it on the agent's driver. A reply without a function (a {@code FINISH} that
 * only reports) runs nothing.
 */
final class RunCommand implements PhaseStrategy<LinuxAgent> {

    @Override
    public void run(LinuxAgent agent, ProcessingContext context) throws Exception {
        AgentReply reply = context.local().require(StepValues.REPLY);
        Optional<Action> action = reply.action("/action");
        if (action.isEmpty()) {
            return;
        }
        Action call = action.get();
        context.local().put(StepValues.ACTION, call);
        JsonNode arguments = reply.json().at("/action/arguments");
        ActionResult result;
        if (!arguments.isObject() && !arguments.isMissingNode() && !arguments.isNull()) {
            result = ActionResult.failed("action.arguments must be a JSON object of named arguments, got: " + arguments);
        } else {
            agent.listener().running(agent.steps().size() + 1, call);
            result = agent.driver().execute(call, agent.config().actionTimeout());
        }
        context.local().put(StepValues.RESULT, result);
    }
}
