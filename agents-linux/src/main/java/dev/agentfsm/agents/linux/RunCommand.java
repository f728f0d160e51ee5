package dev.agentfsm.agents.linux;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The action phase: turns the reply's {@code action.function} and {@code action.arguments} into an
 * {@link Action} and runs it on the agent's driver. A reply without a function (a {@code FINISH} that
 * only reports) runs nothing.
 */
final class RunCommand implements PhaseStrategy<LinuxAgent> {

    @Override
    public void run(LinuxAgent agent, ProcessingContext context) throws Exception {
        JsonNode action = context.local().require(StepValues.REPLY).json().path("action");
        String function = action.path("function").asText("").strip();
        if (function.isEmpty()) {
            return;
        }
        JsonNode arguments = action.path("arguments");
        ActionResult result;
        Action call = new Action(function, arguments.isObject() ? values(arguments) : Map.of());
        context.local().put(StepValues.ACTION, call);
        if (!arguments.isObject() && !arguments.isMissingNode() && !arguments.isNull()) {
            result = ActionResult.failed("action.arguments must be a JSON object of named arguments, got: " + arguments);
        } else {
            agent.listener().running(agent.steps().size() + 1, call);
            result = agent.driver().execute(call, agent.config().actionTimeout());
        }
        context.local().put(StepValues.RESULT, result);
    }

    /** The object's fields as Java values; JSON nulls are left out (an absent argument takes its default). */
    private static Map<String, Object> values(JsonNode object) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            JsonNode value = field.getValue();
            if (value.isNull()) {
                continue;
            }
            values.put(field.getKey(), value.isNumber() ? value.numberValue()
                    : value.isBoolean() ? value.booleanValue()
                    : value.isTextual() ? value.textValue()
                    : value.toString());
        }
        return values;
    }
}
