package dev.agentfsm.runtime.device;

import java.time.Duration;
import java.util.Objects;

/**
 * The identity of one action of a journaled session: the session, the step (counted across the
 * session's rounds, from 1), the call's index within the step (from 0), and a digest of the action
 * itself (its function and arguments).
 *
 * <p>Actions of completed steps are never repeated: a resumed session replays their recorded results.
 * A step that a crash cut off runs again, and an action it had started may come again: with the same
 * id when the step asks for the same action at the same point. A driver whose actions must not happen
 * twice (a payment, a message sent) keeps the ids it has carried out and skips a repeat
 * ({@link DeviceDriver#execute(Action, Duration, ActionId)}). Because the digest is part of the id, an
 * action the re-run step chose differently (the LLM is asked again) has another id and is not skipped.
 *
 * @param session the session's id
 * @param step the step, counted across the session's rounds, from 1
 * @param call the call's index within the step, from 0
 * @param digest the action's digest: hex of the SHA-256 of its function and arguments as canonical JSON, shortened
 */
public record ActionId(String session, int step, int call, String digest) {

    /** @throws IllegalArgumentException if {@code step < 1} or {@code call < 0} */
    public ActionId {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(digest, "digest");
        if (step < 1 || call < 0) {
            throw new IllegalArgumentException(
                    "an action id needs a step from 1 and a call from 0, got step " + step + ", call " + call);
        }
    }

    /** The id as one string, {@code <session>/<step>/<call>/<digest>}: a key for a driver's record of what it did. */
    public String value() {
        return session + "/" + step + "/" + call + "/" + digest;
    }

    @Override
    public String toString() {
        return value();
    }
}
