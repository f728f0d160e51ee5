package dev.agentfsm.mcp;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ReplyGuard.ReplyRule;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The tool call in a reply must name a tool the state offers and carry arguments that match the
 * tool's JSON Schema; a reply that breaks this gets {@link dev.agentfsm.runtime.llm.ReplyGuard}'s
 * corrective re-ask, as a bad status does, and the tool is not called with it. A reply without a tool
 * call (no function at the pointer) passes: whether a status needs one is the agent's business.
 *
 * <pre>{@code
 * ReplyGuard guard = ReplyGuard.of(llm, "/action/status", reasks).with(ToolCallRule.of(driver, "/action"));
 * }</pre>
 */
public final class ToolCallRule implements ReplyRule {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> ARGUMENTS = new TypeReference<>() {};

    private final McpDriver driver;
    private final JsonPointer function;
    private final JsonPointer arguments;

    private ToolCallRule(McpDriver driver, JsonPointer function, JsonPointer arguments) {
        this.driver = driver;
        this.function = function;
        this.arguments = arguments;
    }

    /**
     * A rule for replies whose tool call is at {@code action}: the tool's name at {@code action + "/function"},
     * its arguments (an object) at {@code action + "/arguments"}.
     *
     * @param action a JSON pointer, e.g. {@code "/action"}, or {@code ""} for the reply's top level
     */
    public static ToolCallRule of(McpDriver driver, String action) {
        Objects.requireNonNull(driver, "driver");
        return new ToolCallRule(
                driver, JsonPointer.compile(action + "/function"), JsonPointer.compile(action + "/arguments"));
    }

    /** The tool call in a reply, when it has one: its function, and its arguments (none when they are missing). */
    public Optional<Action> action(JsonNode reply) {
        JsonNode name = reply.at(function);
        if (!name.isTextual() || name.textValue().isBlank()) {
            return Optional.empty();
        }
        JsonNode args = reply.at(arguments);
        Map<String, Object> values = args.isObject() ? JSON.convertValue(args, ARGUMENTS) : Map.of();
        return Optional.of(new Action(name.textValue(), values));
    }

    @Override
    public Optional<String> problem(Status from, AgentReply reply) {
        Optional<Action> call = action(reply.json());
        if (call.isEmpty()) {
            return Optional.empty();
        }
        JsonNode args = reply.json().at(arguments);
        if (!args.isMissingNode() && !args.isNull() && !args.isObject()) {
            return Optional.of("the arguments at " + arguments + " must be a JSON object, not "
                    + SafeText.line(args.toString(), 100));
        }
        Action action = call.get();
        List<String> offered = driver.tools(from).stream().map(ToolSpec::name).toList();
        if (!offered.contains(action.function())) {
            return Optional.of("the tool \"" + SafeText.line(action.function(), 80) + "\" is not offered in state "
                    + from.name() + "; the tools offered are: " + String.join(", ", offered));
        }
        return driver.problem(action);
    }
}
