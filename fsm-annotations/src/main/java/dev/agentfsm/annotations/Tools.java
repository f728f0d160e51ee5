package dev.agentfsm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The tools the LLM may call in a {@link State}: the tools' counterpart of offering only the statuses
 * a state may move to. Each value is a tool-name pattern in which {@code *} stands for any run of
 * characters; the other characters are those MCP allows in a tool name (ASCII letters, digits,
 * {@code _ - . /}). Only the device's tools that match one of the patterns are offered to the LLM
 * in that state, and a reply calling any other tool is re-asked. A state without {@code @Tools} offers
 * every tool; {@code @Tools({})} offers none.
 *
 * <pre>{@code
 * @State("BROWSE")
 * @Tools({"browser_*", "shell_exec"})
 * @Transition(to = FinishAgentState.class)
 * public final class BrowseAgentState extends AgentState { ... }
 * }</pre>
 *
 * <p>The processor checks each pattern's syntax (rule {@code ToolPattern}); the generated status
 * returns the patterns from {@code Status.tools()}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Tools {

    /** The tool-name patterns, e.g. {@code {"browser_*", "shell_exec"}}. */
    String[] value();
}
