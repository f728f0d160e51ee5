package dev.agentfsm.testing;

/**
 * A way the talk of a state with its model, a tool, its user or its device can fail, injected into a
 * coverage path by {@link PathTests#fault}. The first three are the model's mistakes that a {@code ReplyGuard}
 * re-asks, so the round still takes its planned path; the others end the state's work another way, into
 * the move the machine declares for it ({@code onError}, the fallback, or an explicit outcome).
 */
public enum Fault {
    /** The model's reply is not the JSON object asked for. Re-asked. */
    MALFORMED_REPLY(true),
    /** The model's reply carries a status the state does not declare. Re-asked. */
    UNDECLARED_STATUS(true),
    /** The model's reply calls a tool with arguments its JSON Schema rejects. Re-asked. */
    BAD_TOOL_ARGUMENTS(true),
    /** A tool the state calls fails. */
    TOOL_ERROR(false),
    /** The user does not answer the state's question in time. */
    NO_ANSWER(false),
    /** The device the state works on is gone (closed, unplugged, its server stopped). */
    DEVICE_GONE(false);

    private final boolean reasked;

    Fault(boolean reasked) {
        this.reasked = reasked;
    }

    /**
     * Whether a {@code ReplyGuard} re-asks the model after this fault, so that the round still takes its
     * planned path; otherwise the fault leads into the move the machine declares for it.
     */
    public boolean reasked() {
        return reasked;
    }
}
