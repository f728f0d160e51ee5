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
 * state offers, described by their state cards. Agents need this class only to check a schema of their
 * own ahead of time.
 *
 * <p>The statuses are an {@code enum}, which OpenAI-compatible servers turn into a constraint (llama.cpp
 * and Ollama as a grammar); the cards are the property's {@code description}, which a model shown the
 * schema reads. A {@code oneOf} of one {@code const} and description per status would say the same, but
 * composition keywords are where the servers' subsets of JSON Schema differ most, and {@code enum} and
 * {@code description} are in all of them.
 */
final class StatusSchema {
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

    /**
     * A deep copy of {@code schema} whose property at {@code pointer} offers what {@code from} offers the
     * model: an {@code "enum"} of the statuses it may reach by {@code Trigger.LLM}, and, when the machine
     * describes them, a {@code "description"} with one state card per status ({@code - ASSIGN (when an
     * application was selected): Create or reuse the AppAgent}) after the property's own description.
     *
     * @throws IllegalArgumentException naming the schema path that is missing
     */
    public static JsonNode restrict(JsonNode schema, String pointer, Status from) {
        return restrict(schema, pointer(pointer), StateCards.of(from));
    }

    static JsonNode restrict(JsonNode schema, JsonPointer pointer, StateCards cards) {
        ObjectNode copy = copyOf(schema);
        ObjectNode status = statusProperty(copy, pointer);
        offer(status, cards.statuses());
        if (cards.sayAnything()) {
            String own = status.path("description").asText("").strip();
            status.put("description", (own.isEmpty() ? "" : own + "\n") + cards.lines());
        }
        return copy;
    }

    static JsonNode restrict(JsonNode schema, JsonPointer pointer, List<Status> offered) {
        ObjectNode copy = copyOf(schema);
        offer(statusProperty(copy, pointer), offered);
        return copy;
    }

    private static ObjectNode copyOf(JsonNode schema) {
        if (!schema.isObject()) {
            throw new IllegalArgumentException("The reply schema must be a JSON object; it is " + schema);
        }
        return (ObjectNode) schema.deepCopy();
    }

    /** The schema's property at {@code pointer}: each segment a member of {@code properties}, or {@code items} for an array index. */
    private static ObjectNode statusProperty(ObjectNode schema, JsonPointer pointer) {
        JsonNode node = schema;
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
        return (ObjectNode) node;
    }

    private static void offer(ObjectNode property, List<Status> offered) {
        ArrayNode values = property.putArray("enum");
        offered.forEach(status -> values.add(status.name()));
    }

    /** {@code text} as a JSON pointer to a member of the reply. */
    static JsonPointer pointer(String text) {
        JsonPointer pointer;
        try {
            pointer = JsonPointer.compile(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "The status pointer '" + text + "' is not a JSON pointer; write it like /status or /action/status",
                    e);
        }
        if (pointer.matches()) {
            throw new IllegalArgumentException("The status pointer '" + text
                    + "' points at the whole reply; point at the status member, like /status or /action/status");
        }
        return pointer;
    }
}
