package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.Status;
import java.util.List;

/**
 * The JSON schemas {@link ReplyGuard} sends with a question: the smallest reply schema that holds a
 * status at a pointer, and any reply schema with its status property restricted to the statuses a
 * state offers. Agents need this class only to check a schema of their own ahead of time.
 */
public final class StatusSchema {
    private StatusSchema() {}

    /**
     * The smallest reply schema with a string status at {@code pointer}: nested objects along the
     * pointer, each requiring the next member, and any other members allowed.
     *
     * @throws IllegalArgumentException if the pointer is not a JSON pointer to a member
     */
    public static JsonNode of(String pointer) {
        return of(pointer(pointer));
    }

    static JsonNode of(JsonPointer pointer) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode node = root;
        for (JsonPointer segment = pointer; !segment.matches(); segment = segment.tail()) {
            String name = segment.getMatchingProperty();
            node.put("type", "object");
            node.putArray("required").add(name);
            ObjectNode child = node.putObject("properties").putObject(name);
            node = child;
        }
        node.put("type", "string");
        return root;
    }

    /**
     * A deep copy of {@code schema} whose property at {@code pointer} (each segment a member of
     * {@code properties}, or {@code items} for an array index) has {@code "enum"}: the offered statuses' names.
     *
     * @throws IllegalArgumentException naming the schema path that is missing
     */
    public static JsonNode restrict(JsonNode schema, String pointer, List<Status> offered) {
        return restrict(schema, pointer(pointer), offered);
    }

    static JsonNode restrict(JsonNode schema, JsonPointer pointer, List<Status> offered) {
        if (!schema.isObject()) {
            throw new IllegalArgumentException("The reply schema must be a JSON object; it is " + schema);
        }
        ObjectNode copy = (ObjectNode) schema.deepCopy();
        JsonNode node = copy;
        StringBuilder path = new StringBuilder();
        for (JsonPointer segment = pointer; !segment.matches(); segment = segment.tail()) {
            String name = segment.getMatchingProperty();
            JsonNode next = node.path("properties").path(name);
            String step = "properties." + name;
            if (!next.isObject() && segment.mayMatchElement()) {
                next = node.path("items");
                step = "items";
            }
            path.append(path.length() == 0 ? "" : ".").append(step);
            if (!next.isObject()) {
                throw new IllegalArgumentException("The reply schema has no object at " + path
                        + ", where the status pointer " + pointer + " says the status is; add the property to the"
                        + " schema or fix the pointer");
            }
            node = next;
        }
        ArrayNode values = ((ObjectNode) node).putArray("enum");
        offered.forEach(status -> values.add(status.name()));
        return copy;
    }

    /** {@code text} as a JSON pointer to a member of the reply. */
    static JsonPointer pointer(String text) {
        JsonPointer pointer;
        try {
            pointer = JsonPointer.compile(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The status pointer '" + text
                    + "' is not a JSON pointer; write it like /status or /action/status", e);
        }
        if (pointer.matches()) {
            throw new IllegalArgumentException("The status pointer '" + text
                    + "' points at the whole reply; point at the status member, like /status or /action/status");
        }
        return pointer;
    }
}
