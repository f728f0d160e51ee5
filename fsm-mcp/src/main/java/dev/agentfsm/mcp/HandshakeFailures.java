package dev.agentfsm.mcp;

import dev.agentfsm.runtime.internal.SafeText;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpTransportException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why the {@code initialize} handshake failed, in words a user can act on. The SDK fails it with "Client
 * failed to initialize by explicit API call" whatever happened; its causes say what: the status an HTTP
 * server answered, a JSON-RPC error the server sent, or a protocol version the client does not speak.
 */
final class HandshakeFailures {
    /** The status in the SDK's words for an answer it did not expect ("status code: 307", "Status code:404"). */
    private static final Pattern STATUS = Pattern.compile("(?i)status code:\\s*(\\d{3})");
    /** How the SDK names a protocol version it does not speak, in its error's data. */
    private static final String UNSUPPORTED = "Unsupported protocol version from the server: ";

    private HandshakeFailures() {}

    /**
     * What went wrong, when a cause of {@code failure} says it.
     *
     * @param versions the protocol versions the client speaks, to name when the server's is another
     */
    static Optional<String> reason(Throwable failure, List<String> versions) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof McpTransportException answer) {
                return Optional.of(httpAnswer(String.valueOf(answer.getMessage())));
            }
            if (cause instanceof McpError error && error.getJsonRpcError() != null) {
                Object data = error.getJsonRpcError().data();
                if (data instanceof String said && said.startsWith(UNSUPPORTED)) {
                    return Optional.of("the server speaks the MCP protocol version \""
                            + SafeText.line(said.substring(UNSUPPORTED.length()), 40)
                            + "\", which this client does not (it speaks " + String.join(", ", versions)
                            + "); use a version of the server that speaks one of these");
                }
                // the message was escaped and cut by GuardedTransport
                return Optional.of("the server refused initialize: "
                        + error.getJsonRpcError().message());
            }
        }
        return Optional.empty();
    }

    /**
     * A redirect is named as one, with what to do: the client follows none, since it would take the
     * session, and the headers with their token, to another address.
     */
    private static String httpAnswer(String said) {
        Matcher status = STATUS.matcher(said);
        if (status.find() && status.group(1).startsWith("3")) {
            return "the server answered HTTP " + status.group(1) + ", a redirect, which the client does not"
                    + " follow (it would take the session and its headers elsewhere); give McpEndpoint.http the"
                    + " URL it redirects to";
        }
        return "the server answered: " + said;
    }
}
