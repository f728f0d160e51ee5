package dev.agentfsm.agents.linux.mcp;

import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The shell's MCP server on stdio as a child process, as a client starts it: {@code StdioShellServer
 * <root>}, the way agentfsm-cli's {@code mcp --root <root>} serves it (the command line lives in
 * agentfsm-cli, which depends on this module, so the server's own tests start this instead).
 */
final class StdioShellServer {
    private StdioShellServer() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 1) {
            throw new IllegalArgumentException(
                    "give the shell's root directory and nothing else, got " + java.util.List.of(args));
        }
        new ShellMcpServer(ShellDriver.of(ShellConfig.of(Path.of(args[0]))), Duration.ofSeconds(30))
                .serveStdio(System.in, System.out);
    }
}
