package dev.agentfsm.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A call to a device through an interface of its own rather than a {@link DeviceDriver} (the Windows
 * agents' desktop and screen are such devices), which {@link Journal#call} records in the current step
 * with its result, and replays on resume instead of reaching the device.
 *
 * @param <T> what the call returns
 */
@FunctionalInterface
public interface DeviceCall<T> {

    /** Makes the call on the device. */
    T run() throws DriverException;

    /**
     * How the journal writes a call's result and reads it back on resume: {@code read(write(value))} must
     * give a value the agent cannot tell from {@code value}.
     *
     * @param <T> the result's type
     */
    interface Codec<T> {
        /** {@code value} as the journal writes it. */
        JsonNode write(T value);

        /**
         * The value {@link #write} wrote as {@code recorded}.
         *
         * @throws IllegalArgumentException when {@code recorded} is no such value
         */
        T read(JsonNode recorded);

        /** A codec of the two functions. */
        static <T> Codec<T> of(Function<T, JsonNode> write, Function<JsonNode, T> read) {
            Objects.requireNonNull(write, "write");
            Objects.requireNonNull(read, "read");
            return new Codec<>() {
                @Override
                public JsonNode write(T value) {
                    return write.apply(value);
                }

                @Override
                public T read(JsonNode recorded) {
                    return read.apply(recorded);
                }
            };
        }

        /** An action's result, written as a {@link DeviceDriver}'s actions are: success, output, reason, data. */
        static Codec<ActionResult> actionResult() {
            return of(DeviceCall::writeResult, DeviceCall::readResult);
        }

        /** Text. */
        static Codec<String> text() {
            return of(JsonNodeFactory.instance::textNode, json -> {
                if (!json.isTextual()) {
                    throw new IllegalArgumentException("expected text, found " + json);
                }
                return json.asText();
            });
        }

        /** Bytes (a screenshot), in Base64. */
        static Codec<byte[]> bytes() {
            return of(
                    bytes -> JsonNodeFactory.instance.textNode(
                            Base64.getEncoder().encodeToString(bytes)),
                    json -> {
                        if (!json.isTextual()) {
                            throw new IllegalArgumentException("expected Base64 text, found " + json.getNodeType());
                        }
                        return Base64.getDecoder().decode(json.asText());
                    });
        }

        /** A list of what {@code item} writes, in order. */
        static <T> Codec<List<T>> list(Codec<T> item) {
            Objects.requireNonNull(item, "item");
            return of(
                    values -> {
                        ArrayNode array = JsonNodeFactory.instance.arrayNode();
                        values.forEach(value -> array.add(item.write(value)));
                        return array;
                    },
                    json -> {
                        if (!json.isArray()) {
                            throw new IllegalArgumentException("expected a list, found " + json.getNodeType());
                        }
                        List<T> values = new ArrayList<>();
                        json.forEach(element -> values.add(item.read(element)));
                        return List.copyOf(values);
                    });
        }

        /** What {@code value} writes, or {@code null} when absent. */
        static <T> Codec<Optional<T>> optional(Codec<T> value) {
            Objects.requireNonNull(value, "value");
            return of(
                    optional -> optional.map(value::write).orElse(JsonNodeFactory.instance.nullNode()),
                    json -> json.isNull() || json.isMissingNode() ? Optional.empty() : Optional.of(value.read(json)));
        }
    }

    private static JsonNode writeResult(ActionResult result) {
        ObjectNode done = JsonNodeFactory.instance.objectNode();
        done.put("success", result.success());
        done.put("output", result.output());
        result.reason().ifPresent(reason -> done.put("reason", reason));
        done.set("data", JournalValues.toJson(new TreeMap<>(result.data())));
        return done;
    }

    private static ActionResult readResult(JsonNode result) {
        if (!result.isObject() || !result.path("success").isBoolean()) {
            throw new IllegalArgumentException("expected an action's result with its success, found " + result);
        }
        JsonNode reason = result.get("reason");
        return new ActionResult(
                result.path("success").asBoolean(),
                result.path("output").asText(""),
                reason == null || reason.isNull() ? Optional.empty() : Optional.of(reason.asText()),
                JournalValues.toMap(result.path("data")));
    }
}
