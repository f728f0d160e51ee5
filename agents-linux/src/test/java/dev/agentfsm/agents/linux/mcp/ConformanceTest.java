package dev.agentfsm.agents.linux.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.testing.ExternalTools;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official MCP conformance suite ({@code @modelcontextprotocol/conformance} 0.1.9, pinned by
 * {@code src/test/conformance/package-lock.json}, installed by {@code .ci/run} into {@code .tools/conformance})
 * against the shell's MCP server (Streamable HTTP) and, for the client scenarios, fsm-mcp's client
 * ({@link ConformanceClient}) as the command the suite starts.
 *
 * <p>The server scenarios run are those that apply to a server offering tools and logging; the other
 * server scenarios call test tools (test_simple_text, test_error_handling ...), resources or prompts
 * that only the suite's reference server has.
 */
class ConformanceTest {
    private static final Pattern PASSED = Pattern.compile("Passed: (\\d+)/(\\d+), (\\d+) failed");
    private static ShellMcpServer.Http server;
    private static Path suite;

    @TempDir
    static Path root;

    @BeforeAll
    static void start() throws Exception {
        suite = ExternalTools.npmCommand("conformance", "conformance", "agents-linux/src/test/conformance");
        server = new ShellMcpServer(
                        ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(10))
                .serveHttp(
                        new InetSocketAddress("127.0.0.1", 0),
                        HttpServerOptions.noToken().build());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest(name = "server {0}")
    @ValueSource(
            strings = {"server-initialize", "ping", "tools-list", "logging-set-level", "server-sse-multiple-streams"})
    void theShellServerPasses(String scenario) throws Exception {
        assertPassed(scenario, run(List.of("server", "--url", server.url(), "--scenario", scenario)));
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"initialize", "tools_call"})
    void theClientPasses(String scenario) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path classpath = Files.createTempFile(root, "classpath", ".txt");
        Files.writeString(classpath, "-cp \"" + System.getProperty("java.class.path") + "\"");
        String command = java + " -XX:TieredStopAtLevel=1 @" + classpath + " " + ConformanceClient.class.getName();
        assertPassed(scenario, run(List.of("client", "--command", command, "--scenario", scenario)));
    }

    private static void assertPassed(String scenario, String output) {
        Matcher summary = PASSED.matcher(output);
        assertTrue(summary.find(), scenario + ": no summary in\n" + output);
        assertEquals("0", summary.group(3), scenario + ":\n" + output);
        assertEquals(summary.group(2), summary.group(1), scenario + ":\n" + output);
    }

    private static String run(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(suite.toString()));
        command.addAll(arguments);
        Path work = Files.createTempDirectory(root, "results");
        Process process = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
        }
        return new String(output, StandardCharsets.UTF_8).replaceAll("\u001b\\[[0-9;]*m", "");
    }
}
