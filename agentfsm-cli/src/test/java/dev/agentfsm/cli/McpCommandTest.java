package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.mcp.McpDriver;
import dev.agentfsm.mcp.McpEndpoint;
import dev.agentfsm.mcp.McpOptions;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.ToolSpec;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentfsm-cli mcp} as its users meet it, a real process: on stdio started as a client starts it
 * and driven by fsm-mcp's client, and with {@code --http} as a script meets it, its stdout a pipe. The
 * server itself is tested in agents-linux.
 */
class McpCommandTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path root;

    @TempDir
    Path logs;

    private Path stderr;

    @org.junit.jupiter.api.BeforeEach
    void logs() {
        stderr = logs.resolve("stderr.txt");
    }

    /** {@code agentfsm-cli mcp --root <root>} and {@code more}, on this JVM and class path. */
    private List<String> mcp(String... more) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                AgentFsmCli.class.getName(),
                "mcp",
                "--root",
                CommandDirectories.readable(root).toString()));
        command.addAll(List.of(more));
        return command;
    }

    private Process start(Map<String, String> environment) throws Exception {
        List<String> command = mcp("--http", "0");
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
    void onStdioTheShellsToolsRunWithItsPolicy() throws Exception {
        Files.writeString(root.resolve("notes.txt"), "hello from the shell\n");
        McpEndpoint.Stdio command = new McpEndpoint.Stdio(mcp(), Map.of(), Optional.empty());
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

    @Test
    void theListeningLinesComeAtOnceThroughAPipeAndTheGeneratedTokenIsTheOneAsked() throws Exception {
        Process server = start(Map.of());
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            // blocks until the line is written: an unflushed line would only come when the process ends
            String line = out.readLine();
            assertNotNull(line, () -> "the server ended without printing its URL: " + stderr());
            Matcher url = Pattern.compile("MCP \\(Streamable HTTP\\): (http://127\\.0\\.0\\.1:\\d+/mcp)")
                    .matcher(line);
            assertTrue(url.matches(), line);
            String tokenLine = out.readLine();
            assertNotNull(tokenLine, () -> "the server ended without printing its token: " + stderr());
            String prefix = "Bearer token (generated, shown once): ";
            assertTrue(tokenLine.startsWith(prefix), tokenLine);
            String token = tokenLine.substring(prefix.length());
            assertTrue(server.isAlive(), "the lines came before the server ended");

            HttpClient client = HttpClient.newHttpClient();
            assertEquals(401, initialize(client, url.group(1), Optional.empty()).statusCode());
            HttpResponse<String> answered = initialize(client, url.group(1), Optional.of(token));
            assertEquals(200, answered.statusCode(), answered.body());
            assertTrue(answered.body().contains("agent-fsm-shell"), answered.body());
            assertFalse(stderr().contains(token), "the token is printed once on stdout, never logged");
        } finally {
            server.destroyForcibly();
        }
    }

    private static HttpResponse<String> initialize(HttpClient client, String url, Optional<String> token)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"script\",\"version\":\"1\"}}}"));
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
