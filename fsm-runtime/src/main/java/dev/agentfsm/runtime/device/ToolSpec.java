package dev.agentfsm.runtime.device;

import java.util.Map;

/**
 * A tool the LLM may call, as the prompt lists it.
 *
 * @param name the function name, e.g. {@code execute_command}
 * @param description what it does
 * @param parameters each parameter's name and description, in order
 */
public record ToolSpec(String name, String description, Map<String, String> parameters) {
    public ToolSpec {
        parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
    }

    /** The tool on one line, as a prompt lists it: {@code tap(x: x in pixels, y: y in pixels): Tap the screen}. */
    public String describe() {
        return name + "(" + parameters.entrySet().stream().map(p -> p.getKey() + ": " + p.getValue())
                .collect(java.util.stream.Collectors.joining(", ")) + "): " + description;
    }
}
