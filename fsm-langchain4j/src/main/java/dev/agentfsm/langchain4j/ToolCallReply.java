package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.Status;
import java.util.Objects;

/**
 * Writes a tool call the model made through the provider's tool calling as the JSON reply the agent reads, so that
 * the agent's reply guard and phases see one shape of reply whichever way the model chose its action.
 *
 * <p>An agent's reply names its action and status in its own places; {@link #at} covers the UFO agents' shape.
 */
@FunctionalInterface
public interface ToolCallReply {

    /**
     * The agent's reply for the model's call of {@code function} with {@code arguments}.
     *
     * @param arguments the call's arguments as the model wrote them, in its order
     */
    JsonNode reply(String function, ObjectNode arguments);

    /**
     * Replies with the call's {@code function} and {@code arguments} under {@code actionPointer} and {@code status}
     * at {@code statusPointer}, other members left out. The LinuxAgent's shape is {@code at("/action",
     * "/action/status", LinuxAgentStatus.CONTINUE)}: {@code {"action": {"function": "execute_command", "arguments":
     * {"command": "ls"}, "status": "CONTINUE"}}}.
     *
     * @param actionPointer a JSON pointer to the object holding {@code function} and {@code arguments}; {@code ""}
     *     for the reply itself
     * @param statusPointer a JSON pointer to the status member
     * @param status the status a tool call stands for: the one that runs the action and goes on
     * @throws IllegalArgumentException if a pointer is not a JSON pointer, or the status pointer points at the reply
     */
    static ToolCallReply at(String actionPointer, String statusPointer, Status status) {
        JsonPointer action = pointer(actionPointer);
        JsonPointer statusAt = pointer(statusPointer);
        Objects.requireNonNull(status, "status");
        if (statusAt.matches()) {
            throw new IllegalArgumentException("The status pointer '" + statusPointer
                    + "' points at the whole reply; point at the status member, like /status or /action/status");
        }
        ObjectMapper json = new ObjectMapper();
        return (function, arguments) -> {
            ObjectNode reply = json.createObjectNode();
            ObjectNode holder = objectAt(reply, action);
            holder.put("function", function);
            holder.set("arguments", arguments.deepCopy());
            ObjectNode statusHolder = objectAt(reply, statusAt.head());
            statusHolder.put(statusAt.last().getMatchingProperty(), status.name());
            return reply;
        };
    }

    private static JsonPointer pointer(String text) {
        Objects.requireNonNull(text, "pointer");
        try {
            return JsonPointer.compile(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not a JSON pointer; write it like /action or /action/status", e);
        }
    }

    /** The object at {@code pointer} under {@code root}, made (with the objects above it) when missing. */
    private static ObjectNode objectAt(ObjectNode root, JsonPointer pointer) {
        ObjectNode node = root;
        for (JsonPointer segment = pointer; !segment.matches(); segment = segment.tail()) {
            String name = segment.getMatchingProperty();
            JsonNode child = node.get(name);
            node = child instanceof ObjectNode object ? object : node.putObject(name);
        }
        return node;
    }
}
