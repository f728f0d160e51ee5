package dev.agentfsm.cli;

import dev.agentfsm.agents.linux.mcp.ShellMcpServer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code mcp}: the hardened shell as an MCP server, on stdio or Streamable HTTP. */
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        description = {
            "Serves this machine's shell as MCP tools (execute_command, get_system_info), with the same"
                    + " allow-list, sandbox and limits as 'run': on stdio, or with --http on Streamable HTTP at /mcp."
        },
        footer = {
            "",
            "Examples:",
            "  agentfsm-cli mcp --root /var/log                  # stdio, for a client that starts it",
            "  agentfsm-cli mcp --http 8931 --root /var/log      # http://127.0.0.1:8931/mcp"
        })
final class McpCommand implements Callable<Integer> {
    private static final int MAX_PORT = 65_535;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--http",
            paramLabel = "PORT",
            description = "Serve Streamable HTTP on this port (0 picks a free one and prints it) instead of stdio.")
    Optional<Integer> httpPort = Optional.empty();

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            defaultValue = "127.0.0.1",
            description = "The address --http listens on (default: ${DEFAULT-VALUE}, this machine only);"
                    + " 0.0.0.0 lets any host that reaches this one run the allowed commands.")
    String bind;

    @Mixin
    ShellOptions shellOptions;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "30",
            description = "A command's time-out when the call gives none, 1 to 120 (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Override
    public Integer call() throws Exception {
        if (timeoutSeconds < 1 || timeoutSeconds > 120) {
            throw bad("--timeout must be from 1 to 120 seconds, got " + timeoutSeconds);
        }
        if (httpPort.isPresent() && (httpPort.get() < 0 || httpPort.get() > MAX_PORT)) {
            throw bad("--http must be a port from 0 to " + MAX_PORT + ", got " + httpPort.get());
        }
        ShellMcpServer server = new ShellMcpServer(shellOptions.shell(), Duration.ofSeconds(timeoutSeconds));
        if (httpPort.isEmpty()) {
            server.serveStdio(System.in, System.out);
            return 0;
        }
        try (ShellMcpServer.Http http = server.serveHttp(new InetSocketAddress(bind, httpPort.get()))) {
            Console console = AgentFsmCli.console(spec);
            console.println("MCP (Streamable HTTP): " + http.url());
            http.join();
        }
        return 0;
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
