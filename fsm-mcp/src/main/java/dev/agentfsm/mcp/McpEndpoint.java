package dev.agentfsm.mcp;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Where an MCP server is: a program to start and talk to on stdio, or a Streamable HTTP endpoint. */
public sealed interface McpEndpoint permits McpEndpoint.Stdio, McpEndpoint.Http {

    /** A short name for logs and messages: the program's file name or the URL. */
    String label();

    /**
     * A server the driver starts as a child process and talks to on its stdin and stdout; its stderr
     * is logged. Closing the driver kills the process and everything it started.
     *
     * @param command the program and its arguments
     * @param environment variables added to the driver's own environment
     * @param directory the working directory, the driver's own when empty
     */
    record Stdio(List<String> command, Map<String, String> environment, Optional<Path> directory)
            implements McpEndpoint {
        public Stdio {
            command = List.copyOf(command);
            if (command.isEmpty()) {
                throw new IllegalArgumentException("an MCP server's command is empty; name the program to start");
            }
            environment = Map.copyOf(environment);
            Objects.requireNonNull(directory, "directory");
        }

        @Override
        public String label() {
            return Path.of(command.get(0)).getFileName().toString();
        }
    }

    /**
     * A server already running, reached by Streamable HTTP.
     *
     * @param url the MCP endpoint, e.g. {@code http://127.0.0.1:8931/mcp}
     */
    record Http(URI url) implements McpEndpoint {
        public Http {
            Objects.requireNonNull(url, "url");
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("an MCP endpoint must be an http or https URL, got " + url);
            }
        }

        @Override
        public String label() {
            return url.toString();
        }
    }

    /** A program to start, e.g. {@code stdio("npx", "@playwright/mcp", "--headless")}. */
    static Stdio stdio(String... command) {
        return new Stdio(List.of(command), Map.of(), Optional.empty());
    }

    /** A Streamable HTTP endpoint. */
    static Http http(String url) {
        return new Http(URI.create(url));
    }
}
