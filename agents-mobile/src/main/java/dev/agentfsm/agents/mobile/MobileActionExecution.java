package dev.agentfsm.agents.mobile;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.util.Map;

/**
 * The action phase: turns the reply's {@code action.function} and {@code action.arguments} into an
 * {@link Action} and runs it on the device. A reply without a function (a final FINISH) runs nothing.
 */
final class MobileActionExecution implements PhaseStrategy<MobileAgent> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void run(MobileAgent agent, ProcessingContext context) throws Exception {
        JsonNode action = context.local().require(MobileStep.REPLY).json().path("action");
        String function = action.path("function").asText("").strip();
        if (function.isEmpty()) {
            context.local().put(MobileStep.ACTION_RESULT, ActionResult.ok("no action"));
            return;
        }
        JsonNode arguments = action.path("arguments");
        Map<String, Object> args = arguments.isObject()
                ? JSON.convertValue(arguments, new TypeReference<Map<String, Object>>() {})
                : Map.of();
        Action chosen = new Action(function, args);
        context.local().put(MobileStep.ACTION, chosen);
        context.local().put(MobileStep.ACTION_RESULT, agent.driver().execute(chosen, agent.config().actionTimeout()));
    }
}
