package dev.agentfsm.agents.linux;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The memory phase: records the step (the agent's steps, a blackboard trajectory), keeps the LLM's
 * plan for the next prompt, and promotes the reply's {@code result} to {@link Context#ROUND_RESULT},
 * as UFO's LinuxAgent processor does.
 */
final class RecordStep implements PhaseStrategy<LinuxAgent> {

    @Override
    public void run(LinuxAgent agent, ProcessingContext context) throws Exception {
        AgentReply reply = context.local().require(StepValues.REPLY);
        Optional<ActionResult> result = context.local().get(StepValues.RESULT);
        long started = context.local().require(StepValues.STARTED);
        LinuxStep step = new LinuxStep(agent.steps().size() + 1, reply.status(), reply.json().path("thought").asText(""),
                context.local().get(StepValues.ACTION), result, Duration.ofNanos(System.nanoTime() - started));
        agent.steps().add(step);
        replacePlan(agent.plan(), reply.json().path("plan"));
        text(reply.json().path("result")).ifPresent(answer -> context.global().put(Context.ROUND_RESULT, answer));

        Map<String, Object> trajectory = new LinkedHashMap<>();
        trajectory.put("step", step.number());
        trajectory.put("status", step.status());
        trajectory.put("action", step.command());
        result.ifPresent(r -> trajectory.put("success", r.success()));
        agent.blackboard().addTrajectory(trajectory);
        agent.listener().stepDone(step);
    }

    private static void replacePlan(List<String> plan, JsonNode node) {
        plan.clear();
        if (node.isArray()) {
            node.forEach(item -> text(item).ifPresent(plan::add));
        } else {
            text(node).ifPresent(plan::add);
        }
    }

    /** A reply field as text: strings as they are, other values as JSON; empty when missing, null or blank. */
    private static Optional<String> text(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return Optional.empty();
        }
        String text = node.isTextual() ? node.textValue() : node.toString();
        return text.isBlank() ? Optional.empty() : Optional.of(text.strip());
    }
}
