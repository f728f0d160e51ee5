package dev.agentfsm.runtime.device;

import java.util.Map;

/**
 * An action the LLM chose: a tool and its arguments.
 *
 * @param function the tool's name
 * @param arguments the arguments by name, as parsed from the reply
 */
public record Action(String function, Map<String, Object> arguments) {
    public Action {
        arguments = Map.copyOf(arguments);
    }
}
