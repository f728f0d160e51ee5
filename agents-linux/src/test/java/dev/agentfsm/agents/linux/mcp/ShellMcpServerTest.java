package dev.agentfsm.agents.linux.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.mcp.McpDriver;
import dev.agentfsm.mcp.McpEndpoint;
import dev.agentfsm.mcp.McpOptions;
import dev.agentfsm.mcp.ProcessTree;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.ToolSpec;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell's MCP server, driven by fsm-mcp's client: on stdio as a child process, and on Streamable HTTP. */
class ShellMcpServerTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path root;

    /** The server on stdio for {@code root} ({@link StdioShellServer}), as a client starts it, on this JVM and class path. */
    static McpEndpoint.Stdio command(Path root, String... more) {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                StdioShellServer.class.getName(),
                root.toString()));
        command.addAll(List.of(more));
        return new McpEndpoint.Stdio(command, Map.of(), Optional.empty());
    }

    @Test
    void onStdioTheShellsToolsRunWithItsPolicy() throws Exception {
        Files.writeString(root.resolve("notes.txt"), "hello from the shell\n");
        // the server is the child this connect starts: a process's arguments are not always readable under load
        java.util.Set<Long> before =
                ProcessHandle.current().children().map(ProcessHandle::pid).collect(java.util.stream.Collectors.toSet());
        McpDriver shell = McpDriver.connect(command(CommandDirectories.readable(root)), McpOptions.DEFAULTS);
        ProcessHandle server;
        try {
            assertEquals("agent-fsm-shell 0.1.0", shell.serverName());
            assertEquals(
                    List.of(ShellDriver.EXECUTE_COMMAND, ShellDriver.GET_SYSTEM_INFO),
                    shell.tools().stream().map(ToolSpec::name).toList());
            ToolSpec execute = shell.tools().get(0);
            assertTrue(
                    execute.inputSchema().orElseThrow().contains("\"required\":[\"command\"]"),
                    execute.inputSchema().get());

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

            ActionResult badTimeout =
                    shell.execute(new Action("execute_command", Map.of("command", "ls", "timeout", "soon")), TIMEOUT);
            assertTrue(
                    badTimeout
                            .reason()
                            .orElseThrow()
                            .startsWith("the arguments of execute_command do not match its JSON Schema"),
                    badTimeout.reason().get());
            server = ProcessHandle.current()
                    .children()
                    .filter(p -> !before.contains(p.pid()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no child process was started for the server"));
        } finally {
            shell.close();
        }
        server.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS); // bounds a hang only
        assertFalse(ProcessTree.running(server), "close() ends the server");
    }

    @Test
    void onHttpItListensOnTheLoopbackAddressAndServesTheSameTools() throws Exception {
        Files.writeString(root.resolve("a.txt"), "x");
        ShellMcpServer server = new ShellMcpServer(
                ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(10));
        try (ShellMcpServer.Http http = server.serveHttp(
                        new InetSocketAddress("127.0.0.1", 0),
                        HttpServerOptions.requireToken(TOKEN).build());
                McpDriver shell =
                        McpDriver.connect(McpEndpoint.http(http.url()).withBearerToken(TOKEN), McpOptions.DEFAULTS)) {
            assertTrue(http.url().startsWith("http://127.0.0.1:"), http.url());
            ActionResult ls = shell.execute(new Action("execute_command", Map.of("command", "ls")), TIMEOUT);
            assertTrue(ls.output().contains("a.txt"), ls.output());
            ActionResult info = shell.execute(new Action("get_system_info", Map.of()), TIMEOUT);
            assertTrue(info.output().contains("$ uname -a"), info.output());
        }
    }

    private static final String TOKEN = "test-token-0123456789abcdef";

    /**
     * The SDK's session sweeper runs on a thread that is not a daemon, which the SDK never stops, and
     * Jetty's pool threads are not daemons either: left running, they keep a program that served and
     * closed, or failed to start, from exiting.
     */
    @Test
    void onHttpNoThreadOutlivesTheServerClosedOrFailedToStart() throws Exception {
        ShellMcpServer server = new ShellMcpServer(
                ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(10));
        java.util.Set<Thread> before = Thread.getAllStackTraces().keySet();
        try (ShellMcpServer.Http http = server.serveHttp(
                        new InetSocketAddress("127.0.0.1", 0),
                        HttpServerOptions.requireToken(TOKEN).build());
                McpDriver shell =
                        McpDriver.connect(McpEndpoint.http(http.url()).withBearerToken(TOKEN), McpOptions.DEFAULTS)) {
            assertTrue(shell.execute(new Action("execute_command", Map.of("command", "ls")), TIMEOUT)
                    .success());
            try (java.net.ServerSocket taken =
                    new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> server.serveHttp(
                                new InetSocketAddress("127.0.0.1", taken.getLocalPort()),
                                HttpServerOptions.requireToken(TOKEN).build())
                        .close());
                assertTrue(String.valueOf(e.getMessage()).contains("bind"), e.toString());
            }
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        List<Thread> left;
        while (!(left = started(before)).isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(25);
        }
        assertEquals(List.of(), left.stream().map(Thread::getName).toList(), "threads left running");
    }

    /** The threads alive now that were not in {@code before} and are not daemons. */
    private static List<Thread> started(java.util.Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t) && t.isAlive() && !t.isDaemon())
                .toList();
    }

    @Test
    void onHttpAClientWithoutTheTokenGetsOneLineNaming401() throws Exception {
        ShellMcpServer server = new ShellMcpServer(
                ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(10));
        try (ShellMcpServer.Http http = server.serveHttp(
                new InetSocketAddress("127.0.0.1", 0),
                HttpServerOptions.requireToken(TOKEN).build())) {
            dev.agentfsm.runtime.device.DriverException e = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.agentfsm.runtime.device.DriverException.class,
                    () -> McpDriver.connect(McpEndpoint.http(http.url()), McpOptions.DEFAULTS)
                            .close());
            assertTrue(e.getMessage().contains("HTTP 401 Unauthorized: it wants a bearer token"), e.getMessage());
            assertTrue(e.getMessage().contains("withBearerTokenFromEnv"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
