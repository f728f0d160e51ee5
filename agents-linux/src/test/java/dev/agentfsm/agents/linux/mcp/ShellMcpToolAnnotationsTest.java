package dev.agentfsm.agents.linux.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the server tells a client of its tools: an MCP client may call a tool marked read-only without
 * asking its user, so a shell that allows an unsafe command must not say so of {@code execute_command}.
 */
class ShellMcpToolAnnotationsTest {
    @TempDir
    Path root;

    private static Map<String, McpSchema.ToolAnnotations> annotations(ShellMcpServer server) {
        return server.tools().stream()
                .map(McpServerFeatures.SyncToolSpecification::tool)
                .collect(Collectors.toMap(McpSchema.Tool::name, McpSchema.Tool::annotations));
    }

    @Test
    void uFosReadOnlyShellMarksBothToolsReadOnly() {
        ShellMcpServer server = new ShellMcpServer(
                ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(5));
        annotations(server).forEach((name, hints) -> {
            assertEquals(Boolean.TRUE, hints.readOnlyHint(), name);
            assertEquals(Boolean.FALSE, hints.destructiveHint(), name);
        });
        assertFalse(server.instructions().contains("unsafe"), server.instructions());
    }

    @Test
    void anUnsafeCommandMakesExecuteCommandDestructiveSoThatAClientConfirmsIt() {
        ShellMcpServer server = new ShellMcpServer(
                ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root)).withUnsafeAllowed("rm")),
                Duration.ofSeconds(5));
        Map<String, McpSchema.ToolAnnotations> hints = annotations(server);
        assertEquals(Boolean.FALSE, hints.get(ShellDriver.EXECUTE_COMMAND).readOnlyHint());
        assertEquals(Boolean.TRUE, hints.get(ShellDriver.EXECUTE_COMMAND).destructiveHint());
        // get_system_info runs fixed read-only commands whatever the allow-list holds
        assertEquals(Boolean.TRUE, hints.get(ShellDriver.GET_SYSTEM_INFO).readOnlyHint());
        assertTrue(
                server.instructions().contains("rm, allowed as unsafe: they may write files or run programs"),
                server.instructions());
    }
}
