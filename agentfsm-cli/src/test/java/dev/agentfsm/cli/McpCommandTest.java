package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.mcp.McpDriver;
import dev.agentfsm.mcp.McpEndpoint;
import dev.agentfsm.mcp.McpOptions;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.ToolSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentfsm-cli mcp --root <root>} on stdio, started as a client starts it (a child process on
 * this JVM and class path) and driven by fsm-mcp's client: the command line's way to the shell's MCP
 * server, whose own tests live in agents-linux.
 */
class McpCommandTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path root;

    @Test
    void onStdioTheShellsToolsRunWithItsPolicy() throws Exception {
        Files.writeString(root.resolve("notes.txt"), "hello from the shell\n");
        McpEndpoint.Stdio command = new McpEndpoint.Stdio(
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        AgentFsmCli.class.getName(),
                        "mcp",
                        "--root",
                        CommandDirectories.readable(root).toString()),
                Map.of(),
                Optional.empty());
        McpDriver shell = McpDriver.connect(command, McpOptions.DEFAULTS);
        try {
            assertEquals("agent-fsm-shell 0.1.0", shell.serverName());
            assertEquals(
                    List.of(ShellDriver.EXECUTE_COMMAND, ShellDriver.GET_SYSTEM_INFO),
                    shell.tools().stream().map(ToolSpec::name).toList());
            ActionResult cat =
                    shell.execute(new Action("execute_command", Map.of("command", "cat notes.txt")), TIMEOUT);
            assertTrue(cat.success(), cat.toString());
            assertTrue(cat.output().contains("hello from the shell"), cat.output());
            ActionResult refused =
                    shell.execute(new Action("execute_command", Map.of("command", "rm notes.txt")), TIMEOUT);
            assertFalse(refused.success());
            assertTrue(
                    refused.reason().orElseThrow().contains("not allowed"),
                    refused.reason().get());
            assertTrue(Files.exists(root.resolve("notes.txt")));
        } finally {
            shell.close();
        }
    }
}
