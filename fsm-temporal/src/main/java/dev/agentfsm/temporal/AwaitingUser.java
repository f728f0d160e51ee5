package dev.agentfsm.temporal;

/**
 * Stops a state's work at a question the user has not answered yet: the worker reports it to the
 * workflow, which waits for the answer durably and then has the state's work run again. Thrown by
 * the session's user channel; never leaves the worker.
 */
final class AwaitingUser extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Asked asked;

    AwaitingUser(Asked asked) {
        super(
                "the session waits for the user's reply to " + asked.quotedPrompt() + "; the state's work runs again"
                        + " once it is in",
                null,
                false,
                false);
        this.asked = asked;
    }

    Asked asked() {
        return asked;
    }
}
