package dev.agentfsm.runtime;

import java.util.Objects;

/**
 * A subtask ended: the round entered a state whose {@code @Terminal(endsSubtask = true)} says so, and
 * that state's {@code handle} has run. {@link TransitionListener#onSubtaskEnd} hears it, and
 * {@link RoundResult#subtasks()} lists every subtask that ended in the round.
 *
 * <p>Which subtask: the last one the state's {@code handle} archived with {@link Context#archive}
 * during that step (AppAgent's FINISH, FAIL and ERROR archive their own, with their result). A state
 * that archived none gets one archived by the runtime: the context's {@link Context#SUBTASK} (the
 * {@link Context#REQUEST} when there is none), the state's status, and {@link Context#ROUND_RESULT}
 * (else the message of the error that sent the round to {@code onError}, else empty text). A state that
 * archives none and directly follows another subtask-ending state ends nothing more: a FAIL's clean-up
 * move to FINISH ends one subtask, not two.
 *
 * @param session the id of the session the round belongs to
 * @param round the round's number within the session, from 1
 * @param step the round's step at which the state that ended the subtask ran, from 1
 * @param agent the name of the agent whose state ended the subtask
 * @param status the subtask-ending state that was entered
 * @param number the subtask's number within the round, from 1
 * @param subtask the archived subtask: what was asked, the status it ended in, its result
 */
public record SubtaskEvent(
        String session, int round, int step, String agent, Status status, int number, ArchivedSubtask subtask) {

    public SubtaskEvent {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(subtask, "subtask");
    }

    /** The name of the machine whose state ended the subtask. */
    public String machine() {
        return status.machine().name();
    }
}
