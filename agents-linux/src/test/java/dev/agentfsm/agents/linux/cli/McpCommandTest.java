package dev.agentfsm.agents.linux.cli;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agents-linux mcp --http} as a script meets it: a real process whose stdout is a pipe. */
class McpCommandTest {
    @TempDir
    Path root;

    @TempDir
    Path logs;

    private Path stderr;

    @org.junit.jupiter.api.BeforeEach
    void logs() {
        stderr = logs.resolve("stderr.txt");
    }

    private Process start(Map<String, String> environment, String... more) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                AgentsLinux.class.getName(),
                "mcp",
                "--http",
                "0",
                "--root",
                CommandDirectories.readable(root).toString()));
        command.addAll(List.of(more));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    private String stderr() {
        try {
            return Files.readString(stderr);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    @Test
    void theListeningLineComesAtOnceThroughAPipe() throws Exception {
        Process server = start(Map.of());
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            // blocks until the line is written: an unflushed line would only come when the process ends
            String line = out.readLine();
            assertNotNull(line, () -> "the server ended without printing its URL: " + stderr());
            assertTrue(line.matches("MCP \\(Streamable HTTP\\): http://127\\.0\\.0\\.1:\\d+/mcp"), line);
            assertTrue(server.isAlive(), "the line came before the server ended");
        } finally {
            server.destroyForcibly();
        }
    }
}
