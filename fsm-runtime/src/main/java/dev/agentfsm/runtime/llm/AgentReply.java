package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.device.Action;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An LLM reply that {@link ReplyGuard} accepted: valid JSON with a status the current state may move to.
 *
 * @param json the parsed reply
 * @param status the reply's status, trimmed and upper-cased
 * @param raw the reply's text as the model sent it
 */
public record AgentReply(JsonNode json, String status, String raw) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, Object>> ARGUMENTS = new TypeReference<>() {};

    /**
     * The action the reply names at {@code pointer}: the {@code function} and {@code arguments} members
     * of the object there ({@code ""} for the whole reply, {@code "/action"} for UFO's app, mobile and
     * Linux replies). Empty when the function is missing or blank (a reply that only reports). Arguments
     * that are not an object count as none; an argument sent as JSON {@code null} is left out, so that
     * it takes its default.
     *
     * @throws IllegalArgumentException if {@code pointer} is not a JSON pointer
     */
    public Optional<Action> action(String pointer) {
        JsonNode node = json.at(JsonPointer.compile(pointer));
        JsonNode function = node.path("function");
        String name = function.isValueNode() && !function.isNull() ? function.asText().strip() : "";
        if (name.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        JsonNode args = node.path("arguments");
        if (args.isObject()) {
            JSON.convertValue(args, ARGUMENTS).forEach((key, value) -> {
                if (value != null) {
                    arguments.put(key, value);
                }
            });
        }
        return Optional.of(new Action(name, arguments));
    }
}
