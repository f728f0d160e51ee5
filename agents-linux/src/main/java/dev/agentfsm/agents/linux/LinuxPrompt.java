package dev.agentfsm.agents.linux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The LinuxAgent's prompt, after UFO's Linux prompt: the role and the tools in the system message;
 * the request, the plan, the blackboard and the last results in the user message. The reply guard
 * adds the statuses the state may choose.
 */
final class LinuxPrompt {
    /** How many earlier steps the prompt shows. */
    static final int LAST_STEPS = 3;
    /** How much of one step's output the prompt shows. */
    static final int OUTPUT_CHARS = 4000;

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The reply's JSON schema; the guard narrows a copy of its status property to the statuses offered. */
    static final JsonNode SCHEMA = parse(
            """
            {
              "type": "object",
              "properties": {
                "observation": {"type": "string"},
                "thought": {"type": "string"},
                "action": {
                  "type": "object",
                  "properties": {
                    "function": {"type": "string"},
                    "arguments": {"type": "object"},
                    "status": {"type": "string"}
                  },
                  "required": ["function", "arguments", "status"]
                },
                "plan": {"type": "array", "items": {"type": "string"}},
                "result": {"type": "string"}
              },
              "required": ["observation", "thought", "action", "plan", "result"]
            }
            """);

    private LinuxPrompt() {}

    static List<ChatMessage> messages(LinuxAgent agent, Context context) {
        return List.of(ChatMessage.system(system(agent.driver().tools())), ChatMessage.user(user(agent, context)));
    }

    private static String system(List<ToolSpec> tools) {
        StringBuilder text = new StringBuilder(
                """
                You are LinuxAgent. You complete the user's request on a Linux machine, one command at a time,
                with the tools below. Commands run without a shell: no pipes, redirections, ';', '&', '$(' or
                backticks, and no globs or variables are expanded; only read-only, allow-listed commands run, and
                the working directory stays inside the agent's root. Do not ask for confirmation. If the request
                needs an unsafe or privileged command, stop with status %s and say why in "result".

                Tools:
                """
                        .formatted(LinuxAgentStatus.FAIL.name()));
        for (ToolSpec tool : tools) {
            text.append("- ")
                    .append(tool.name())
                    .append('(')
                    .append(String.join(", ", tool.parameters().keySet()))
                    .append("): ")
                    .append(tool.description())
                    .append('\n');
            for (Map.Entry<String, String> parameter : tool.parameters().entrySet()) {
                text.append("    ")
                        .append(parameter.getKey())
                        .append(": ")
                        .append(parameter.getValue())
                        .append('\n');
            }
        }
        text.append(
                """

                Reply with one JSON object and nothing else:
                {"observation": "what the last results show",
                 "thought": "why the next action",
                 "action": {"function": "a tool name, or \\"\\" for none", "arguments": {...}, "status": "..."},
                 "plan": ["the steps still to do"],
                 "result": "the answer to the request once you have it, else \\"\\""}
                Use status %s while there is more to do, %s with the answer in "result", %s if the
                request cannot or must not be done.
                """
                        .formatted(
                                LinuxAgentStatus.CONTINUE.name(),
                                LinuxAgentStatus.FINISH.name(),
                                LinuxAgentStatus.FAIL.name()));
        return text.toString();
    }

    private static String user(LinuxAgent agent, Context context) {
        StringBuilder text = new StringBuilder();
        text.append("[Request]\n")
                .append(context.get(Context.REQUEST).orElse("(no request)"))
                .append("\n\n");
        text.append("[Plan]\n");
        if (agent.plan().isEmpty()) {
            text.append("(none yet)\n");
        } else {
            agent.plan().forEach(item -> text.append("- ").append(item).append('\n'));
        }
        String blackboard = agent.blackboard().toPrompt();
        if (!blackboard.isBlank()) {
            text.append('\n').append(blackboard.strip()).append('\n');
        }
        text.append("\n[Last results]\n");
        List<LinuxStep> steps = agent.steps();
        if (steps.isEmpty()) {
            text.append("(nothing run yet)\n");
        }
        for (LinuxStep step : steps.subList(Math.max(0, steps.size() - LAST_STEPS), steps.size())) {
            text.append("step ")
                    .append(step.number())
                    .append(": ")
                    .append(step.command().isEmpty() ? "(no action)" : step.command())
                    .append('\n');
            step.result().ifPresent(result -> {
                result.reason()
                        .ifPresent(
                                reason -> text.append("failed: ").append(reason).append('\n'));
                text.append(cut(result.output())).append('\n');
            });
        }
        return text.toString();
    }

    private static String cut(String output) {
        return output.length() <= OUTPUT_CHARS
                ? output
                : output.substring(0, OUTPUT_CHARS) + "\n[... " + (output.length() - OUTPUT_CHARS)
                        + " more characters]";
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
