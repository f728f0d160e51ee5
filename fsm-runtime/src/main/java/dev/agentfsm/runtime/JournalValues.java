package dev.agentfsm.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The values a journal writes as JSON: text, numbers, booleans, enums (by name), statuses (qualified),
 * {@code Optional}s, lists and other collections, maps (keys as text), records (by component), JSON
 * trees, durations, instants, paths and URIs (as text), byte arrays (their length) and exceptions
 * (type and message). Anything else is written as {@code {"unserialized": "<class>"}}: the journal
 * notes that it changed, not what it became.
 */
final class JournalValues {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 32;

    private JournalValues() {}

    /** {@code value} as JSON; map keys in the map's own order. */
    static JsonNode toJson(Object value) {
        return toJson(value, false, 0);
    }

    /** {@code value} as JSON with every map's keys sorted: the same value gives the same text. */
    static JsonNode canonical(Object value) {
        return toJson(value, true, 0);
    }

    /** A JSON tree as plain Java values: maps, lists, text, numbers, booleans and nulls. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> toMap(JsonNode json) {
        return json == null || !json.isObject() ? Map.of() : JSON.convertValue(json, LinkedHashMap.class);
    }

    private static JsonNode toJson(Object value, boolean sorted, int depth) {
        if (depth > MAX_DEPTH) {
            return NODES.textNode("(nested deeper than " + MAX_DEPTH + ")");
        }
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof JsonNode json) {
            return json.deepCopy();
        }
        if (value instanceof String text) {
            return NODES.textNode(text);
        }
        if (value instanceof Boolean bool) {
            return NODES.booleanNode(bool);
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return NODES.numberNode(((Number) value).longValue());
        }
        if (value instanceof Double || value instanceof Float) {
            return NODES.numberNode(((Number) value).doubleValue());
        }
        if (value instanceof BigDecimal decimal) {
            return NODES.numberNode(decimal);
        }
        if (value instanceof BigInteger integer) {
            return NODES.numberNode(integer);
        }
        if (value instanceof Status status) {
            return NODES.textNode(status.qualifiedName());
        }
        if (value instanceof Enum<?> constant) {
            return NODES.textNode(constant.name());
        }
        if (value instanceof Optional<?> optional) {
            return optional.isPresent() ? toJson(optional.get(), sorted, depth + 1) : NODES.nullNode();
        }
        if (value instanceof Duration || value instanceof Instant || value instanceof Path || value instanceof URI) {
            return NODES.textNode(value.toString());
        }
        if (value instanceof byte[] bytes) {
            return NODES.objectNode().put("bytes", bytes.length);
        }
        if (value instanceof Throwable error) {
            ObjectNode node = NODES.objectNode().put("type", error.getClass().getName());
            return node.put("message", String.valueOf(error.getMessage()));
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> entries = sorted ? new TreeMap<>() : new LinkedHashMap<>();
            map.forEach((k, v) -> entries.put(String.valueOf(k), v));
            ObjectNode node = NODES.objectNode();
            entries.forEach((k, v) -> node.set(k, toJson(v, sorted, depth + 1)));
            return node;
        }
        if (value instanceof Collection<?> items) {
            ArrayNode array = NODES.arrayNode();
            List<Object> copy = new ArrayList<>(items);
            copy.forEach(item -> array.add(toJson(item, sorted, depth + 1)));
            return array;
        }
        if (value instanceof Record record) {
            ObjectNode node = NODES.objectNode();
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                node.set(component.getName(), toJson(read(component, record), sorted, depth + 1));
            }
            return node;
        }
        return NODES.objectNode().put("unserialized", value.getClass().getName());
    }

    private static Object read(RecordComponent component, Record record) {
        try {
            component.getAccessor().setAccessible(true);
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
