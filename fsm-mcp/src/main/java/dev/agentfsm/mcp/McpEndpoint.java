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
     * <p>{@code headers} are sent with every request, e.g. {@code Authorization: Bearer ...}. Their
     * values are secrets: {@link #toString()} and {@link #label()} show only the header names.
     *
     * @param url the MCP endpoint, e.g. {@code http://127.0.0.1:8931/mcp}
     * @param headers fixed headers sent with every request
     */
    record Http(URI url, Map<String, String> headers) implements McpEndpoint {
        public Http {
            Objects.requireNonNull(url, "url");
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("an MCP endpoint must be an http or https URL, got " + url);
            }
            headers = Map.copyOf(headers);
        }

        /** The same endpoint without headers. */
        public Http(URI url) {
            this(url, Map.of());
        }

        /** This endpoint, sending {@code Authorization: Bearer <token>} with every request. */
        public Http withBearerToken(String token) {
            if (token == null || token.isBlank() || token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
                throw new IllegalArgumentException("the bearer token for " + url
                        + " is empty or holds spaces or control characters; give the token itself");
            }
            Map<String, String> all = new java.util.HashMap<>(headers);
            all.put("Authorization", "Bearer " + token);
            return new Http(url, all);
        }

        /** This endpoint, sending the token in the environment variable {@code name} as a bearer token. */
        public Http withBearerTokenFromEnv(String name) {
            String token = System.getenv(name);
            if (token == null || token.isBlank()) {
                throw new IllegalArgumentException("the environment variable " + name
                        + " that should hold the bearer token for " + url + " is not set; export it");
            }
            return withBearerToken(token);
        }

        @Override
        public String label() {
            return url.toString();
        }

        @Override
        public String toString() {
            return "Http[url=" + url + ", headers=" + new java.util.TreeSet<>(headers.keySet()) + "]";
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
