package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Restricts the status property of a reply's JSON schema to the statuses a state offers. */
final class StatusSchema {
    private StatusSchema() {}

    /**
     * A deep copy of {@code schema} whose property at {@code pointer} (each segment a member of
     * {@code properties}, or {@code items} for an array index) has {@code "enum": offered}.
     *
     * @throws IllegalArgumentException naming the schema path that is missing
     */
    static JsonNode restrict(JsonNode schema, JsonPointer pointer, List<String> offered) {
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
        offered.forEach(values::add);
        return copy;
    }
}
