package dev.agentfsm.runtime.internal;

import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The tools a state offers: the tool-name patterns of its {@code @Tools} ({@link Status#tools()})
 * applied to a device's tools, the tools' counterpart of offering only the statuses a state may move to.
 *
 * <p>A pattern is a tool name in which {@code *} stands for any run of characters, possibly none:
 * {@code "browser_*"} matches {@code browser_click} and {@code browser_}, {@code "*"} matches every
 * tool, {@code "shell_exec"} only itself. The other characters are those MCP allows in tool names:
 * ASCII letters, digits, {@code _ - . /}. The annotation processor checks the syntax at compile time
 * (rule {@code ToolPattern}); {@link #problem(String)} is the same check at run time.
 */
public final class ToolPatterns {
    /** The syntax of a pattern: tool-name characters and {@code *}, at least one character. */
    private static final Pattern SYNTAX = Pattern.compile("[A-Za-z0-9_./*-]{1,128}");

    private ToolPatterns() {}

    /** Whether {@code name} matches {@code pattern}. */
    public static boolean matches(String pattern, String name) {
        return glob(pattern).matcher(name).matches();
    }

    /** The tools {@code state} offers, in the device's order. */
    public static List<ToolSpec> offered(List<ToolSpec> tools, Status state) {
        return offered(tools, state.tools());
    }

    /** The tools that match any of {@code patterns}, in the device's order. */
    public static List<ToolSpec> offered(List<ToolSpec> tools, List<String> patterns) {
        List<Pattern> compiled = patterns.stream().map(ToolPatterns::glob).toList();
        List<ToolSpec> offered = new ArrayList<>();
        for (ToolSpec tool : tools) {
            if (compiled.stream().anyMatch(p -> p.matcher(tool.name()).matches())) {
                offered.add(tool);
            }
        }
        return List.copyOf(offered);
    }

    /** What is wrong with a pattern's syntax, or empty when it is a pattern. */
    public static Optional<String> problem(String pattern) {
        if (SYNTAX.matcher(pattern).matches()) {
            return Optional.empty();
        }
        return Optional.of("\"" + pattern + "\" is not a tool-name pattern: use 1 to 128 of the characters"
                + " A-Z a-z 0-9 _ - . / and * for any run of characters, e.g. \"browser_*\"");
    }

    /** {@code *} as {@code .*}, everything else literally. */
    private static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        String[] parts = pattern.split("\\*", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString());
    }
}
