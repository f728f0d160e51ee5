package dev.agentfsm.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ToolPatternsTest {
    private static final List<ToolSpec> TOOLS =
            List.of(tool("browser_click"), tool("browser_type"), tool("shell_exec"), tool("browser"), tool("a.b"));

    @Test
    void aStarMatchesAnyRunOfCharacters() {
        assertTrue(ToolPatterns.matches("browser_*", "browser_click"));
        assertTrue(ToolPatterns.matches("browser_*", "browser_"));
        assertFalse(ToolPatterns.matches("browser_*", "browser"));
        assertTrue(ToolPatterns.matches("*", "anything"));
        assertTrue(ToolPatterns.matches("*_c*k", "browser_click"));
        assertFalse(ToolPatterns.matches("shell_exec", "shell_exec2"));
    }

    @Test
    void otherCharactersAreLiteral() {
        assertTrue(ToolPatterns.matches("a.b", "a.b"));
        assertFalse(ToolPatterns.matches("a.b", "axb"), "a dot is not a regex wildcard");
    }

    @Test
    void theOfferedToolsKeepTheDevicesOrder() {
        assertEquals(
                List.of("browser_click", "browser_type", "shell_exec"),
                ToolPatterns.offered(TOOLS, List.of("shell_exec", "browser_*")).stream()
                        .map(ToolSpec::name)
                        .toList());
        assertEquals(List.of(), ToolPatterns.offered(TOOLS, List.of()));
    }

    @Test
    void theSyntaxIsToolNameCharactersAndStars() {
        assertEquals(Optional.empty(), ToolPatterns.problem("browser_*"));
        assertEquals(Optional.empty(), ToolPatterns.problem("ns/tool-1.x"));
        assertEquals(
                Optional.of("\"browser click\" is not a tool-name pattern: use 1 to 128 of the characters"
                        + " A-Z a-z 0-9 _ - . / and * for any run of characters, e.g. \"browser_*\""),
                ToolPatterns.problem("browser click"));
        assertTrue(ToolPatterns.problem("").isPresent());
        assertTrue(ToolPatterns.problem("x".repeat(129)).isPresent());
    }

    private static ToolSpec tool(String name) {
        return new ToolSpec(name, "", Map.of());
    }
}
