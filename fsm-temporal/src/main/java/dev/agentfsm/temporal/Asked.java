package dev.agentfsm.temporal;

import dev.agentfsm.runtime.internal.SafeText;
import java.time.Duration;
import java.util.Objects;

/**
 * What a session waits for from its user: a question (a PENDING state's) or a confirmation (a
 * CONFIRM state's), and how long the state said it would wait. Answer it with
 * {@link SessionHandle#answer(String)} or {@link SessionHandle#confirm(dev.agentfsm.runtime.user.UserChannel.Decision)}.
 *
 * @param kind a question or a confirmation
 * @param prompt the question, or the action to approve, as the state put it
 * @param timeout how long the state waits; then the answer is a time-out the state acts on
 */
public record Asked(Kind kind, String prompt, Duration timeout) {

    /** What kind of reply is awaited. */
    public enum Kind {
        /** A question: answered with text, {@link SessionHandle#answer(String)}. */
        QUESTION,
        /** An action to approve or reject: {@link SessionHandle#confirm(dev.agentfsm.runtime.user.UserChannel.Decision)}. */
        CONFIRMATION
    }

    /** How much of a prompt a message shows. */
    private static final int SHOWN_CHARS = 200;

    public Asked {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(timeout, "timeout");
    }

    /**
     * The prompt in quotes for a message: escaped and cut ({@link SafeText#line}), since it may be a model's
     * text, and messages reach terminals and logs.
     */
    String quotedPrompt() {
        return "\"" + SafeText.line(prompt, SHOWN_CHARS) + "\"";
    }
}
