package dev.agentfsm.cli;

import dev.agentfsm.agents.linux.mcp.HttpServerOptions;
import dev.agentfsm.agents.linux.mcp.ShellMcpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
                    + " allow-list, sandbox and limits as 'run': on stdio, or with --http on Streamable HTTP at /mcp.",
            "",
            "On HTTP every request is checked before any MCP session exists: its Host and Origin must name"
                    + " localhost, the loopback or bound address, or one given with --allow-host/--allow-origin"
                    + " (else 403: this stops DNS-rebinding web pages); it must carry 'Authorization: Bearer TOKEN'"
                    + " (else 401), the token from --token-env, or else one generated and printed once at start;"
                    + " a body is at most 1 MiB and an initialize 64 KiB (else 413); at most --max-sessions"
                    + " sessions live at once (else 503) and one idle for --session-idle expires. Not done:"
                    + " TLS (the token crosses the network in clear text unless bound to loopback), rate limits,"
                    + " per-client identities."
        },
        footer = {
            "",
            "Examples:",
            "  agentfsm-cli mcp --root /var/log              # stdio, for a client that starts it",
            "  agentfsm-cli mcp --http 8931 --root /var/log  # prints its URL and a new token",
            "  T=$(openssl rand -hex 32) agentfsm-cli mcp --http 8931 --token-env T"
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
                    + " 0.0.0.0 lets any host that reaches this one, and has the token, run the allowed commands.")
    String bind;

    @Option(
            names = "--token-env",
            paramLabel = "NAME",
            description = "Take the bearer token that every HTTP request must carry from this environment variable"
                    + " (at least " + HttpServerOptions.MIN_TOKEN_CHARS + " characters); without it a random token"
                    + " is generated and printed once at start.")
    Optional<String> tokenEnv = Optional.empty();

    @Option(
            names = "--no-token",
            description = "Take HTTP requests without a token: any program of any user of this machine may then run"
                    + " the allowed commands. Only with a loopback --bind.")
    boolean noToken;

    @Option(
            names = "--allow-host",
            paramLabel = "HOST",
            description = "Also answer requests whose Host (or Origin) names this host, e.g. this machine's DNS"
                    + " name; repeatable.")
    List<String> allowHosts = new ArrayList<>();

    @Option(
            names = "--allow-origin",
            paramLabel = "ORIGIN",
            description =
                    "Also answer requests from web pages of this origin, e.g. http://localhost:6274;" + " repeatable.")
    List<String> allowOrigins = new ArrayList<>();

    @Option(
            names = "--max-sessions",
            paramLabel = "N",
            description = "The most HTTP sessions alive at once (default: " + HttpServerOptions.DEFAULT_MAX_SESSIONS
                    + "); a new one past them is refused.")
    Optional<Integer> maxSessions = Optional.empty();

    @Option(
            names = "--session-idle",
            paramLabel = "SECONDS",
            description = "An HTTP session without a request for this long expires (default: 600).")
    Optional<Integer> sessionIdleSeconds = Optional.empty();

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
        if (httpPort.isEmpty()) {
            List<String> httpOnly = httpOnlyOptionsGiven();
            if (!httpOnly.isEmpty()) {
                throw bad(String.join(", ", httpOnly) + (httpOnly.size() == 1 ? " applies" : " apply")
                        + " to --http only; on stdio the client that starts the server is the only one");
            }
            ShellMcpServer server = new ShellMcpServer(shellOptions.shell(), Duration.ofSeconds(timeoutSeconds));
            server.serveStdio(System.in, System.out);
            return 0;
        }
        Optional<String> token = token();
        HttpServerOptions options = options(token);
        ShellMcpServer server = new ShellMcpServer(shellOptions.shell(), Duration.ofSeconds(timeoutSeconds));
        try (ShellMcpServer.Http http = server.serveHttp(new InetSocketAddress(bind, httpPort.get()), options)) {
            Console console = AgentFsmCli.console(spec);
            console.println("MCP (Streamable HTTP): " + http.url());
            if (tokenEnv.isPresent()) {
                console.println("Bearer token: the one in $" + tokenEnv.get());
            } else if (token.isPresent()) {
                // printed this once, never logged: whoever reads it may run the allowed commands
                console.println("Bearer token (generated, shown once): " + token.get());
            } else {
                console.println("No token (--no-token): any program on this machine may call the shell");
            }
            http.join();
        }
        return 0;
    }

    private List<String> httpOnlyOptionsGiven() {
        List<String> given = new ArrayList<>();
        tokenEnv.ifPresent(name -> given.add("--token-env"));
        if (noToken) {
            given.add("--no-token");
        }
        if (!allowHosts.isEmpty()) {
            given.add("--allow-host");
        }
        if (!allowOrigins.isEmpty()) {
            given.add("--allow-origin");
        }
        maxSessions.ifPresent(n -> given.add("--max-sessions"));
        sessionIdleSeconds.ifPresent(n -> given.add("--session-idle"));
        return given;
    }

    /** The token from --token-env, a generated one, or none with --no-token on a loopback address. */
    private Optional<String> token() {
        if (noToken && tokenEnv.isPresent()) {
            throw bad("--no-token and --token-env contradict each other; give one");
        }
        if (noToken) {
            boolean loopback;
            try {
                loopback = InetAddress.getByName(bind).isLoopbackAddress();
            } catch (UnknownHostException e) {
                throw bad("--bind '" + bind + "' is not an address of this machine");
            }
            if (!loopback) {
                throw bad("--no-token is allowed with a loopback --bind only (127.0.0.1, ::1), not with '" + bind
                        + "'; keep the token (--token-env NAME, or the generated one)");
            }
            return Optional.empty();
        }
        if (tokenEnv.isEmpty()) {
            return Optional.of(HttpServerOptions.generateToken());
        }
        String value = System.getenv(tokenEnv.get());
        if (value == null || value.isEmpty()) {
            throw bad("--token-env: the environment variable " + tokenEnv.get() + " is not set");
        }
        return Optional.of(value);
    }

    private HttpServerOptions options(Optional<String> token) {
        // checked here rather than by the options' builder, whose messages cannot name the command line's options
        if (maxSessions.isPresent() && maxSessions.get() < 1) {
            throw bad("--max-sessions must be at least 1, got " + maxSessions.get());
        }
        if (sessionIdleSeconds.isPresent() && sessionIdleSeconds.get() < 1) {
            throw bad("--session-idle must be at least 1 second, got " + sessionIdleSeconds.get());
        }
        HttpServerOptions.Builder options;
        try {
            options = token.isPresent() ? HttpServerOptions.requireToken(token.get()) : HttpServerOptions.noToken();
        } catch (IllegalArgumentException e) {
            throw bad("--token-env " + tokenEnv.orElse("") + ": " + e.getMessage());
        }
        try {
            allowHosts.forEach(options::allowHost);
            allowOrigins.forEach(options::allowOrigin);
            maxSessions.ifPresent(options::maxSessions);
            sessionIdleSeconds.ifPresent(seconds -> options.sessionIdle(Duration.ofSeconds(seconds)));
            return options.build();
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
