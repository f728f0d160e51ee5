package dev.agentfsm.agents.mobile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The memory phase: the step goes on the blackboard's trajectory, the action's result and the plan are
 * kept for the next prompt, and a non-empty {@code result} becomes the round's result.
 */
final class MobileMemoryUpdate implements PhaseStrategy<MobileAgent> {
    @Override
    public void run(MobileAgent agent, ProcessingContext context) throws Exception {
        JsonNode reply = context.local().require(MobileStep.REPLY).json();
        ActionResult result = context.local().require(MobileStep.ACTION_RESULT);
        String outcome = result.success() ? result.output() : "failed: " + result.reason().orElse("");
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("step", context.global().get(Context.ROUND_STEP).orElse(0));
        step.put("agent", agent.name());
        step.put("thought", reply.path("thought").asText(""));
        step.put("action", context.local().get(MobileStep.ACTION).map(Action::function).orElse(""));
        step.put("arguments", context.local().get(MobileStep.ACTION).map(Action::arguments).orElse(Map.of()));
        step.put("status", context.local().require(MobileStep.REPLY).status());
        step.put("result", outcome);
        agent.blackboard().addTrajectory(step);
        agent.rememberResult(step.get("action") + ": " + outcome);
        List<String> plan = new ArrayList<>();
        reply.path("plan").forEach(item -> plan.add(item.asText()));
        agent.rememberPlan(plan);
        String answer = reply.path("result").asText("").strip();
        if (!answer.isEmpty()) {
            context.global().put(Context.ROUND_RESULT, answer);
        }
    }
}
