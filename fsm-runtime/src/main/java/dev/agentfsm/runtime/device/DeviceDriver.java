package dev.agentfsm.runtime.device;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The device an agent observes and acts on: a desktop, an Android phone through {@code adb}, a Linux
 * shell. An action that fails in an expected way (a refused command, a control that is gone) is an
 * {@link ActionResult} with a reason the LLM gets back; a device that cannot be used any more
 * (disconnected, hung) is a {@link DriverException}, which ends the step in the machine's
 * {@code onError} state or as {@code ERROR}. Every call has a time-out.
 */
public interface DeviceDriver extends AutoCloseable {

    /** A name for logs, e.g. {@code "adb:emulator-5554"}. */
    String name();

    /** Looks at the device: a screenshot, a UI tree, or text, as the device offers. */
    Observation observe(Duration timeout) throws DriverException;

    /** The tools the LLM may call, for the prompt. */
    List<ToolSpec> tools();

    /** Runs one action. */
    ActionResult execute(Action action, Duration timeout) throws DriverException;

    /**
     * Runs one action of a journaled session, with its id. A step cut off by a crash runs again when
     * the session resumes, and its actions come again with the same {@code id}: a driver whose actions
     * must not happen twice overrides this to skip an id it has already carried out (and return what
     * it recorded then). The default ignores the id and calls {@link #execute(Action, Duration)}.
     */
    default ActionResult execute(Action action, Duration timeout, ActionId id) throws DriverException {
        return execute(action, timeout);
    }

    /** Releases the device; the default does nothing. */
    @Override
    default void close() {}

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
}
