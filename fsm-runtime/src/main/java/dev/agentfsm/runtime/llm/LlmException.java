package dev.agentfsm.runtime.llm;

/**
 * The model could not give a reply: unreachable, timed out, an HTTP error after retries, or a replay
 * that ran out. The message names the endpoint (or replay file) and what happened.
 */
public class LlmException extends Exception {
    private static final long serialVersionUID = 1L;

    public LlmException(String message) {
        super(message);
    }

    public LlmException(String message, Throwable cause) {
        super(message, cause);
    }
}
