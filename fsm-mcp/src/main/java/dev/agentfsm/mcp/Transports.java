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
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the driver needs before a session: that a stdio server's program is there, and the SDK's
 * Streamable HTTP transport for an HTTP endpoint (a stdio server gets the driver's own
 * {@link StdioTransport}).
 */
final class Transports {
    /** The status in the SDK's words for an answer it did not expect ("status code: 307", "Status code:404"). */
    private static final Pattern STATUS = Pattern.compile("(?i)status code:\\s*(\\d{3})");

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
     * What an HTTP server answered when the handshake failed: the SDK says only "Client failed to
     * initialize", its cause what came back (a status and the start of the body). A redirect is named as
     * one, with what to do: the client follows none, since it would take the session, and the headers
     * with their token, to another address.
     */
    static Optional<String> handshakeAnswer(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof McpTransportException answer) {
                String said = String.valueOf(answer.getMessage());
                Matcher status = STATUS.matcher(said);
                if (status.find() && status.group(1).startsWith("3")) {
                    return Optional.of("the server answered HTTP " + status.group(1) + ", a redirect, which the"
                            + " client does not follow (it would take the session and its headers elsewhere); give"
                            + " McpEndpoint.http the URL it redirects to");
                }
                return Optional.of("the server answered: " + said);
            }
        }
        return Optional.empty();
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
