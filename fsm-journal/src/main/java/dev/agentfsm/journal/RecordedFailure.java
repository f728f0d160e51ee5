package dev.agentfsm.journal;

/**
 * A recorded call failed with an exception a replay cannot make again as it was (not an
 * {@code LlmException} or {@code DriverException}, which are made again as such); its type and message
 * are in the text.
 */
final class RecordedFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RecordedFailure(String message) {
        super(message + " (replayed from the journal)");
    }
}
