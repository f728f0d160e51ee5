package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An LLM reply that {@link ReplyGuard} accepted: valid JSON with a status the current state may move to.
 *
 * @param json the parsed reply
 * @param status the reply's status, parsed by the machine's generated table
 * @param raw the reply's text as the model sent it
 */
public record AgentReply(JsonNode json, Status status, String raw) {

    /**
     * The action the reply asks for: the tool named by {@code function} with the named {@code arguments}
     * of the object at {@code pointer} ({@code ""} when they are top-level members, as in a host's reply;
     * {@code /action} for app, Linux and mobile agents). Argument values are Java strings, numbers and
     * booleans; a nested object or array is passed as its JSON text; a JSON null is left out, so the
     * argument takes its default. Arguments that are not an object give none.
     *
     * @return empty when the function is missing or blank (a reply that only reports)
     */
    public Optional<Action> action(String pointer) {
        JsonNode action = json.at(pointer);
        String function = action.path("function").asText("").strip();
        if (function.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> argument : action.path("arguments").properties()) {
            JsonNode value = argument.getValue();
            if (!value.isNull()) {
                arguments.put(
                        argument.getKey(),
                        value.isNumber()
                                ? value.numberValue()
                                : value.isBoolean()
                                        ? value.booleanValue()
                                        : value.isTextual() ? value.textValue() : value.toString());
            }
        }
        return Optional.of(new Action(function, arguments));
    }

    /**
     * The text at {@code pointer} (e.g. {@code /thought}, {@code /save_screenshot/reason}): a string as it
     * is, another value as its JSON, a missing or null value as empty text. Every agent reads its reply's
     * text fields this way.
     */
    public String text(String pointer) {
        JsonNode value = json.at(pointer);
        if (value.isMissingNode() || value.isNull()) {
            return "";
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    /**
     * The list of texts at {@code pointer} (a plan, questions): each item as {@link #text} reads it; a single
     * non-blank value counts as a list of one; missing, null or blank is an empty list.
     */
    public List<String> texts(String pointer) {
        JsonNode value = json.at(pointer);
        List<String> texts = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(item -> texts.add(item.isValueNode() ? item.asText() : item.toString()));
        } else if (value.isValueNode() && !value.isNull() && !value.asText().isBlank()) {
            texts.add(value.asText());
        }
        return List.copyOf(texts);
    }
}
