package dev.agentfsm.runtime.internal;

import java.util.function.UnaryOperator;

/**
 * A model provider's failure as the cause of an LLM client's {@code LlmException} (fsm-langchain4j's, the Spring Boot
 * starter's, fsm-openai's), or an MCP server's as the cause of fsm-mcp's {@code DriverException}: each exception of
 * the chain by its class's name, its message as the client shows a server's text (one line, controls escaped, keys
 * hidden) and its stack. A provider library's own exceptions carry the server's raw text
 * (an HTTP error's whole body, a proxy's echo of the key, terminal controls), and a cause is printed wherever its
 * exception's stack trace is: by a log binding on a console (a round's error is the cause of {@code
 * LoggingListener}'s warning) and in a span's {@code exception.stacktrace} (fsm-opentelemetry records a failed
 * call's exception).
 */
public final class ProviderFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Causes copied at most: a longer chain is cut, as is one whose causes loop. */
    private static final int MAX_CAUSES = 16;

    private ProviderFailure(String message, Throwable cause) {
        // no suppressed exceptions: they would carry the provider's text past this copy
        super(message, cause, false, true);
    }

    /** {@code failure} and its causes, each message passed through {@code shown}. */
    public static Throwable of(Throwable failure, UnaryOperator<String> shown) {
        return copy(failure, shown, 0);
    }

    private static Throwable copy(Throwable failure, UnaryOperator<String> shown, int depth) {
        if (failure == null || depth == MAX_CAUSES) {
            return null;
        }
        if (failure instanceof InterruptedException) {
            // the JDK's words, and the runtime looks for it among a failure's causes to tell a cancelled round
            return failure;
        }
        Throwable cause = failure.getCause() == failure ? null : copy(failure.getCause(), shown, depth + 1);
        String message = failure.getClass().getName()
                + (failure.getMessage() == null ? "" : ": " + shown.apply(failure.getMessage()));
        ProviderFailure copy = new ProviderFailure(message, cause);
        copy.setStackTrace(failure.getStackTrace());
        return copy;
    }
}
