package dev.agentfsm.agents.windows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.device.Action;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/** Reads the agents' JSON reply schemas from the class path and an action's arguments; a reply's own text is {@code AgentReply.text}. */
final class Replies {
    private static final ObjectMapper JSON = new ObjectMapper();

    static final JsonNode HOST_SCHEMA = schema("host-reply.schema.json");
    static final JsonNode APP_SCHEMA = schema("app-reply.schema.json");
    static final JsonNode OPERATOR_SCHEMA = schema("operator-reply.schema.json");

    private Replies() {}

    private static JsonNode schema(String name) {
        try (InputStream in = Replies.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(
                        "the reply schema " + name + " is missing next to " + Replies.class.getName());
            }
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("the reply schema " + name + " cannot be read", e);
        }
    }

    /** An action's argument as text, or empty when it is missing. */
    static Optional<String> argument(Action action, String name) {
        return Optional.ofNullable(action.arguments().get(name)).map(String::valueOf);
    }

    /** An action's argument as a whole number (a label, a window number), or empty when it is missing or not a number. */
    static Optional<Integer> number(Action action, String name) {
        return argument(action, name).flatMap(text -> {
            try {
                return Optional.of(Integer.parseInt(text.trim()));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }
}
