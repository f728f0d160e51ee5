package dev.agentfsm.runtime.device;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A tool the LLM may call, as the prompt lists it.
 *
 * @param name the function name, e.g. {@code execute_command}
 * @param description what it does
 * @param parameters each parameter's name and description, in order
 * @param inputSchema the JSON Schema of the tool's arguments, as JSON text, when the device publishes one
 *     (an MCP server does); the arguments of a call are checked against it before the call
 */
public record ToolSpec(String name, String description, Map<String, String> parameters, Optional<String> inputSchema) {
    public ToolSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        Objects.requireNonNull(inputSchema, "inputSchema");
    }

    /** A tool without a JSON Schema: its parameters are described in words only. */
    public ToolSpec(String name, String description, Map<String, String> parameters) {
        this(name, description, parameters, Optional.empty());
    }

    /** The tool on one line, as a prompt lists it: {@code tap(x: x in pixels, y: y in pixels): Tap the screen}. */
    public String describe() {
        return name + "("
                + parameters.entrySet().stream()
                        .map(p -> p.getKey() + ": " + p.getValue())
                        .collect(Collectors.joining(", "))
                + "): " + description;
    }
}
