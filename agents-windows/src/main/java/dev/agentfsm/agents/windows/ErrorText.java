package dev.agentfsm.agents.windows;

/** How the ERROR states put an exception a step threw into words, for the subtask's archive and the round's result. */
final class ErrorText {
    private ErrorText() {}

    /** The exception's message, or its class name when it has none. */
    static String of(Exception e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
    }
}
