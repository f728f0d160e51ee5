package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentfsm-cli mcp --http} as a script meets it: a real process whose stdout is a pipe. */
class McpHttpCommandTest {
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
                AgentFsmCli.class.getName(),
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
