package dev.agentfsm.runtime.device;

import java.time.Duration;
import java.util.Objects;

/**
 * The identity of one action of a journaled session: the session, the step (counted across the
 * session's rounds, from 1) and the call's index within the step (from 0). A step that a crash cut
 * off runs again when the session resumes, and its actions come again with the same ids; a driver
 * whose actions must not happen twice (a payment, a message sent) keeps the ids it has carried out
 * and skips a repeat ({@link DeviceDriver#execute(Action, Duration, ActionId)}). Actions of completed
 * steps are never repeated: the journal replays their results.
 *
 * @param session the session's id
 * @param step the step, counted across the session's rounds, from 1
 * @param call the call's index within the step, from 0
 */
public record ActionId(String session, int step, int call) {

    public ActionId {
        Objects.requireNonNull(session, "session");
        if (step < 1 || call < 0) {
            throw new IllegalArgumentException("an action id needs a step from 1 and a call from 0, got step " + step
                    + ", call " + call);
        }
    }

    /** The id as one string, {@code <session>/<step>/<call>}: a key for a driver's record of what it did. */
    public String value() {
        return session + "/" + step + "/" + call;
    }

    @Override
    public String toString() {
        return value();
    }
}
