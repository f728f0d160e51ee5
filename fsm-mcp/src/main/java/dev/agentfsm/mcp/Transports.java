package dev.agentfsm.mcp;

import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.internal.SafeText;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.customizer.McpHttpClientAuthorizationErrorHandler;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpTransportException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * What the driver needs before a session: that a stdio server's program is there, and the SDK's
 * Streamable HTTP transport for an HTTP endpoint (a stdio server gets the driver's own
 * {@link StdioTransport}).
 */
final class Transports {
    private Transports() {}

    /** A program that is not there fails at once, not after the start time-out. */
    static void checkProgram(McpEndpoint endpoint, String name) throws DriverException {
        if (!(endpoint instanceof McpEndpoint.Stdio stdio)) {
            return;
        }
        String program = stdio.command().get(0);
        boolean found = program.contains("/")
                ? Files.isExecutable(stdio.directory().orElse(Path.of("")).resolve(program))
                : Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                        .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
        if (!found) {
            throw new DriverException(name + ": could not start the MCP server: '" + SafeText.line(program, 200)
                    + "' is not an executable file" + (program.contains("/") ? "" : " on the PATH")
                    + "; install it or give its path");
        }
    }

    /**
     * The SDK's Streamable HTTP transport to {@code http}, sending its headers on every request.
     *
     * @param maxMessageBytes the largest answer read (a JSON body, or one event of a stream); a larger one
     *     fails the request waiting for it
     * @param refusedWith set to the status of a 401 or 403 answer: the SDK reports those as a bare
     *     failure of {@code initialize}, so the driver names them itself
     */
    static McpClientTransport http(McpEndpoint.Http http, int maxMessageBytes, AtomicInteger refusedWith) {
        String url = http.url().toString();
        String path = http.url().getRawPath() == null || http.url().getRawPath().isEmpty()
                ? "/"
                : http.url().getRawPath();
        String base = url.substring(0, url.indexOf(path, url.indexOf("//") + 2));
        return HttpClientStreamableHttpTransport.builder(base)
                .endpoint(path)
                .maxResponseSize(maxMessageBytes)
                .httpRequestCustomizer(
                        (request, method, uri, body, context) -> http.headers().forEach(request::setHeader))
                .authorizationErrorHandler(McpHttpClientAuthorizationErrorHandler.fromSync((response, context) -> {
                    refusedWith.set(response.statusCode());
                    return false; // no retry: the same request would be refused again
                }))
                .build();
    }

    /**
     * The values of an HTTP endpoint's headers (and a bearer token without its scheme), which the driver's errors
     * show as {@code ***}: a server or a proxy before it may quote the request's headers in an error. Values shorter
     * than eight characters are no secret worth the damage hiding them would do to the text.
     */
    static List<String> secrets(McpEndpoint endpoint) {
        if (!(endpoint instanceof McpEndpoint.Http http)) {
            return List.of();
        }
        List<String> secrets = new ArrayList<>();
        for (String value : http.headers().values()) {
            secrets.add(value);
            if (value.regionMatches(true, 0, "Bearer ", 0, 7)) {
                secrets.add(value.substring(7).strip());
            }
        }
        // the longest first, so that a token is not hidden in part before the header value that holds it
        return secrets.stream()
                .filter(secret -> secret.length() >= 8)
                .sorted(Comparator.comparingInt(String::length).reversed())
                .toList();
    }

    /**
     * Why a request failed, naming the cap when the SDK's HTTP transport dropped an answer too large: it
     * says so only in words ("Inbound response body exceeds the maximum allowed size of N bytes").
     */
    static String failure(Throwable cause) {
        String said = String.valueOf(cause.getMessage());
        return cause instanceof McpTransportException && said.contains("exceeds the maximum allowed size")
                ? said + " (McpOptions.maxMessageBytes); it was dropped"
                : said;
    }
}
