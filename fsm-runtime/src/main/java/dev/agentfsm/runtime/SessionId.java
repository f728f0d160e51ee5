package dev.agentfsm.runtime;

import java.util.Optional;
import java.util.UUID;

/**
 * The id a round's listeners hear: its session's, or for a lone round one of its own, made when first
 * needed (a random UUID takes about a microsecond, and the first one in a JVM starts its secure random
 * generator). One per round, shared by the round, its step and its step chain; confined to the
 * round's thread.
 */
final class SessionId {
    private Optional<String> id;

    /** The session's {@code id}, or empty for a lone round. */
    SessionId(Optional<String> id) {
        this.id = id;
    }

    /** The id, made now if the round had none. */
    String get() {
        if (id.isEmpty()) {
            id = Optional.of(UUID.randomUUID().toString());
        }
        return id.get();
    }
}
