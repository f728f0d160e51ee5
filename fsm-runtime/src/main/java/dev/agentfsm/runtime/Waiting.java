package dev.agentfsm.runtime;

import java.util.Locale;
import java.util.Objects;

/**
 * What a suspended session waits for: a round that reached a wait (a question, a confirmation or an
 * event) and stopped there instead of holding its thread ({@link Outcome#SUSPENDED},
 * {@link RoundResult#waiting()}). The session's journal records it; a later process answers it there
 * (fsm-journal's {@code journal.answer(text)}, {@code confirm(decision)}, {@code deliver(event)}) and
 * resumes the session, which goes on from this wait without repeating what it did before it.
 *
 * @param kind what the wait takes: an answer, a decision or an event
 * @param prompt the question, the action to confirm, or for an event the state that waits (as given by
 *     the agent: text from a model may be in it; escape it before showing it on a terminal)
 * @param state the status that waits, qualified ({@code "LinuxAgent.CONTINUE"}): a value that crosses
 *     processes, read before the machine is loaded
 * @param round the round, from 1
 * @param step the step within the round, from 1
 */
public record Waiting(Kind kind, String prompt, String state, int round, int step) {
    public Waiting {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(state, "state");
    }

    /** What a wait takes. */
    public enum Kind {
        /** A question's answer (PENDING): {@code UserChannel.ask}. */
        ANSWER,
        /** A decision on an action (CONFIRM): {@code UserChannel.confirm}. */
        DECISION,
        /** An external event: {@link Inbox#await()}. */
        EVENT
    }

    /**
     * Thrown where a wait stops the round instead of holding its thread: by a suspending user channel
     * ({@code UserChannel.suspending()}) and by the inbox of a session built with
     * {@link Session.Builder#suspendEventWaits()}. The round ends as {@link Outcome#SUSPENDED}; it never
     * goes to the machine's {@code onError} state. Agents let it through (do not catch it).
     */
    public static final class Suspension extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final Kind kind;
        private final String prompt;

        /** The wait for {@code kind}, asked with {@code prompt}. */
        public Suspension(Kind kind, String prompt) {
            super(
                    "the session suspended at a wait for " + kind.name().toLowerCase(Locale.ROOT) + ": " + prompt,
                    null,
                    false,
                    false);
            this.kind = Objects.requireNonNull(kind, "kind");
            this.prompt = Objects.requireNonNull(prompt, "prompt");
        }

        /** What the wait takes. */
        public Kind kind() {
            return kind;
        }

        /** The question, the action, or the waiting state. */
        public String prompt() {
            return prompt;
        }
    }
}
