package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import java.util.Objects;

/**
 * Hears every transition a round makes, every subtask that ends, and how each round ends. Listeners run on the round's thread,
 * in order; a listener that throws ends the round as {@link Outcome#ERROR}. Built-in listeners are
 * in {@code dev.agentfsm.runtime.trace}.
 */
public interface TransitionListener {

    /** Called after the table allowed a move and before the target state runs. */
    void onTransition(TransitionEvent event);

    /**
     * Called when a subtask ends: after the {@code handle} of a state with
     * {@code @Terminal(endsSubtask = true)} ran, before the round moves on (or ends, when the state also
     * ends the round). See {@link SubtaskEvent} for which subtask it carries. Does nothing by default.
     */
    default void onSubtaskEnd(SubtaskEvent event) {}

    /**
     * Called once when a round ends, whatever the outcome; for a round a resumed session replays to the end its
     * recorder holds, {@link #onReplayedRoundEnd} is called instead.
     */
    default void onRoundEnd(String session, int round, RoundResult result) {}

    /**
     * Called instead of {@link #onRoundEnd} when a resumed session replays a round to the end its recorder (its
     * journal) holds: the listeners heard that end when it was recorded, so it is not announced again, as the
     * round's replayed moves and subtask ends are not. {@code result} is the end as replayed (its outcome and
     * reason as recorded, its path and steps as the replay went), whether a replayed step ended the round or the
     * runtime did between two steps (out of steps, cancelled). Does nothing by default: a listener that writes
     * what it hears (a trace, a log) has written it already. One that rebuilds in this process what a replay runs
     * again ends it here, as fsm-opentelemetry's tracer ends the span a replayed round opened anew. A listener
     * that throws ends the round as {@link Outcome#ERROR}, as at {@link #onRoundEnd}.
     */
    default void onReplayedRoundEnd(String session, int round, RoundResult result) {}

    /**
     * Called instead of an end when an exception leaves the round, which then has no result: the session's
     * recorder's own (a journal that could not be written, a replay that diverged) or an {@link Error}; the
     * exception goes on to the round's caller. A state's own exceptions are not this: they end the round as {@link
     * Outcome#ERROR}, heard at {@link #onRoundEnd}. Does nothing by default; fsm-opentelemetry's tracer ends the
     * round's span here, which no other call would end. A listener that throws here has its exception added to
     * {@code failure} as suppressed.
     */
    default void onRoundFailed(String session, int round, Throwable failure) {}

    /**
     * One transition the runtime made, as {@link TransitionListener}s and traces see it.
     *
     * @param session the id of the session the round belongs to (a lone {@link Round} has an id of its own)
     * @param round the round's number within the session, from 1
     * @param step the round's step at which the move was made, from 1
     * @param agent the name of the agent that made the move
     * @param from the status moved from
     * @param to the status moved to; another machine's for a hand-off
     * @param trigger who triggered it ({@link Trigger#SYSTEM} for the runtime's own moves to the fallback or onError state)
     * @param nanos how long the state's step took ({@code handle} plus the decision), in nanoseconds
     */
    public record TransitionEvent(
            String session, int round, int step, String agent, Status from, Status to, Trigger trigger, long nanos) {

        /** The name of the machine moved from. */
        public String machine() {
            return from.machine().name();
        }

        /** The target as traces name it: {@code STATUS}, or {@code Machine.STATUS} for a hand-off. */
        public String targetName() {
            return isHandOff() ? to.qualifiedName() : to.name();
        }

        /** Whether the move handed control to another machine's agent. */
        public boolean isHandOff() {
            return from.machine() != to.machine();
        }
    }

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
}
