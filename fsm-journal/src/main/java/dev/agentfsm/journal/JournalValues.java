package dev.agentfsm.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.Status;
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
import java.util.TreeSet;

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

    /**
     * Where {@code asked} and {@code recorded} first differ as JSON values, empty when they are equal:
     * objects are equal when they hold the same keys with equal values, in any order; arrays when they
     * hold equal items in the same order; text when its characters are equal (however it was escaped in
     * the file); numbers when their values are equal, so {@code 10}, {@code 10.0} and {@code 1e1} are one
     * number, as JSON defines a number by its value and not its spelling; a number never equals text
     * ({@code 10} is not {@code "10"}), nor {@code true} or {@code null}.
     *
     * @return the first differing path and both values, such as {@code arguments.timeout: 10 vs "10"}
     */
    static Optional<String> firstDifference(JsonNode asked, JsonNode recorded) {
        return firstDifference(asked, recorded, "");
    }

    private static Optional<String> firstDifference(JsonNode asked, JsonNode recorded, String path) {
        String at = path.isEmpty() ? "(the whole value)" : path;
        if (asked.isNumber() && recorded.isNumber()) {
            return asked.decimalValue().compareTo(recorded.decimalValue()) == 0
                    ? Optional.empty()
                    : Optional.of(at + ": " + asked + " vs " + recorded);
        }
        if (asked.getNodeType() != recorded.getNodeType()) {
            return Optional.of(at + ": " + shown(asked) + " vs " + shown(recorded));
        }
        if (asked.isObject()) {
            TreeSet<String> names = new TreeSet<>();
            asked.fieldNames().forEachRemaining(names::add);
            recorded.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                String inner = path.isEmpty() ? name : path + "." + name;
                JsonNode a = asked.get(name);
                JsonNode r = recorded.get(name);
                if (a == null || r == null) {
                    return Optional.of(inner + ": " + (a == null ? "(missing)" : shown(a)) + " vs "
                            + (r == null ? "(missing)" : shown(r)));
                }
                Optional<String> difference = firstDifference(a, r, inner);
                if (difference.isPresent()) {
                    return difference;
                }
            }
            return Optional.empty();
        }
        if (asked.isArray()) {
            for (int i = 0; i < Math.min(asked.size(), recorded.size()); i++) {
                Optional<String> difference = firstDifference(asked.get(i), recorded.get(i), path + "[" + i + "]");
                if (difference.isPresent()) {
                    return difference;
                }
            }
            return asked.size() == recorded.size()
                    ? Optional.empty()
                    : Optional.of(at + ": " + asked.size() + " items vs " + recorded.size() + " items");
        }
        return asked.equals(recorded)
                ? Optional.empty()
                : Optional.of(at + ": " + shown(asked) + " vs " + shown(recorded));
    }

    /** A value in a message: as JSON, cut after 80 characters. */
    private static String shown(JsonNode value) {
        String text = value.toString();
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
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
