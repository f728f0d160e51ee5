package dev.agentfsm.agents.windows;

import dev.agentfsm.runtime.device.ToolSpec;
import java.util.List;

/** The text of a prompt, in UFO's bracketed sections; an empty section is left out. */
final class Prompt {
    private final StringBuilder text = new StringBuilder();

    Prompt section(String title, String body) {
        if (!body.isBlank()) {
            text.append('[').append(title).append(":]\n").append(body.strip()).append("\n\n");
        }
        return this;
    }

    Prompt section(String title, List<String> lines) {
        return section(title, String.join("\n", lines));
    }

    /** Text that brings its own section headers (the blackboard's), as it is. */
    Prompt block(String body) {
        if (!body.isBlank()) {
            text.append(body.strip()).append("\n\n");
        }
        return this;
    }

    /** The tools the LLM may call, one per line with its parameters. */
    Prompt tools(List<ToolSpec> tools) {
        return section(
                "Available tools", tools.stream().map(t -> "- " + t.describe()).toList());
    }

    String text() {
        return text.toString().strip();
    }
}
