package dev.agentfsm.agents.mobile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The MobileAgent's prompt (UFO's mobile prompt, in our words) and the JSON schema of its reply. */
final class MobilePrompt {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The reply's schema; the guard narrows a copy of {@code action.status} to the statuses CONTINUE may reach. */
    static final JsonNode SCHEMA = schema();

    private MobilePrompt() {}

    static List<ChatMessage> messages(MobileAgent agent, Context global, MobileSteps.Observation seen) {
        String system =
                """
                You are MobileAgent. You operate an Android phone to fulfil the user's request, one action at a time.
                You see two screenshots: the screen as it is, and the same screen with every control framed and \
                labelled with its id. Prefer click_control with an id from the current controls; ids are valid \
                for this step only.
                Tools:
                %s
                Reply with one JSON object: {"observation": what you see, "thought": why you act, \
                "action": {"function": a tool name or "" for none, "arguments": {...}, "status": the next status}, \
                "plan": [the remaining steps], "result": the answer to the request when you finish, else ""}.
                """
                        .formatted(tools(agent.driver().tools()));
        String blackboard = agent.blackboard().toPrompt();
        String user = "Request: " + global.get(Context.REQUEST).orElse("") + "\n"
                + "Plan so far: " + (agent.plan().isEmpty() ? "(none)" : String.join("; ", agent.plan())) + "\n"
                + (blackboard.isBlank() ? "" : blackboard.strip() + "\n")
                + "Last action results: " + agent.lastResult().orElse("(none)") + "\n"
                + "Installed apps: " + String.join(", ", seen.apps()) + "\n"
                + "Controls on the screen (id: type \"name\" [left,top][right,bottom]):\n"
                + ScreenControls.describe(seen.controls());
        return List.of(
                ChatMessage.system(system),
                ChatMessage.user(user, List.of(Image.png(seen.screenshot()), Image.png(seen.annotated()))));
    }

    private static String tools(List<ToolSpec> tools) {
        return tools.stream().map(t -> "- " + t.describe()).collect(Collectors.joining("\n"));
    }

    private static JsonNode schema() {
        ObjectNode action = object(
                Map.of(
                        "function", type("string"),
                        "arguments", type("object"),
                        "status", type("string")),
                List.of("function", "arguments", "status"));
        ObjectNode plan = type("array");
        plan.set("items", type("string"));
        return object(
                Map.of(
                        "observation", type("string"),
                        "thought", type("string"),
                        "action", action,
                        "plan", plan,
                        "result", type("string")),
                List.of("observation", "thought", "action", "plan", "result"));
    }

    private static ObjectNode type(String type) {
        return JSON.createObjectNode().put("type", type);
    }

    private static ObjectNode object(Map<String, ObjectNode> properties, List<String> required) {
        ObjectNode node = type("object");
        ObjectNode props = node.putObject("properties");
        required.forEach(name -> props.set(name, properties.get(name)));
        required.forEach(node.putArray("required")::add);
        return node;
    }
}
