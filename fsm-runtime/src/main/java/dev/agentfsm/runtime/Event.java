package dev.agentfsm.runtime;

import java.util.Objects;

/**
 * Something that happened outside the agent, delivered by the embedding application to a waiting
 * session ({@link Session#deliver}, {@link Inbox#deliver}): a user's approval from a web page, a
 * webhook, a message from another system. A state waits for one with {@link Inbox#await()}.
 *
 * @param name what happened, e.g. {@code "approved"}; not blank
 * @param payload details, as text (JSON if you like); empty when there are none
 */
public record Event(String name, String payload) {

    /** @throws IllegalArgumentException if {@code name} is blank */
    public Event {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(payload, "payload");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an event needs a name, e.g. \"approved\"; got a blank one");
        }
    }

    /** An event without details. */
    public static Event of(String name) {
        return new Event(name, "");
    }
}
