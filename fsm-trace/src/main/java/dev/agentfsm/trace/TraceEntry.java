package dev.agentfsm.trace;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of a JSON-lines trace as {@link TraceReader} reads it back: a transition, a round's end,
 * a round that an exception left with no end, a line of another event, or a line that could not be read. Every entry knows its line number
 * (from 1), so that what is reported about it can point at it. Names are as the trace spells them;
 * {@link TraceCheck} resolves them against the machines.
 */
public sealed interface TraceEntry {

    /** The entry's line in its file, from 1. */
    long line();

    /**
     * A {@code "event":"transition"} line, as {@link dev.agentfsm.runtime.trace.JsonLinesTrace} writes it.
     *
     * @param line the line number
     * @param session the session's id
     * @param round the round's number within the session
     * @param step the round's step at which the move was made
     * @param agent the agent that moved
     * @param machine the machine moved from
     * @param from the status moved from, a status of {@code machine}
     * @param to the status moved to: {@code STATUS}, or {@code Machine.STATUS} for a hand-off
     * @param trigger who triggered the move ({@code LLM}, {@code SYSTEM}, ...)
     * @param nanos how long the step in {@code from} took, in nanoseconds
     * @param action what the step did, when the line records it (an {@code "action"} field: text as it is,
     *     any other JSON value, such as a tool call's object, as its compact JSON)
     */
    record Transition(
            long line,
            String session,
            int round,
            int step,
            String agent,
            String machine,
            String from,
            String to,
            String trigger,
            long nanos,
            Optional<String> action)
            implements TraceEntry {
        public Transition {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(machine, "machine");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(trigger, "trigger");
            Objects.requireNonNull(action, "action");
        }

        /** The target's machine: the one named before the dot of a hand-off's {@code to}, else {@link #machine()}. */
        public String toMachine() {
            int dot = to.indexOf('.');
            return dot < 0 ? machine : to.substring(0, dot);
        }

        /** The target's status without its machine. */
        public String toStatus() {
            return to.substring(to.indexOf('.') + 1);
        }
    }

    /**
     * A {@code "event":"roundEnd"} line.
     *
     * @param line the line number
     * @param session the session's id
     * @param round the round's number within the session
     * @param outcome how the round ended ({@code COMPLETED}, {@code STEP_LIMIT}, ...)
     * @param reason the round's reason, in words
     * @param finalStatus the status the round ended in, {@code Machine.STATUS}
     * @param path the statuses entered, {@code Machine.STATUS}
     * @param steps the steps the round took
     * @param error the error, when the round recorded one
     * @param result the round's result, when it had one
     */
    record RoundEnd(
            long line,
            String session,
            int round,
            String outcome,
            String reason,
            String finalStatus,
            List<String> path,
            int steps,
            Optional<String> error,
            Optional<String> result)
            implements TraceEntry {
        public RoundEnd {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(finalStatus, "finalStatus");
            path = List.copyOf(path);
            Objects.requireNonNull(error, "error");
            Objects.requireNonNull(result, "result");
        }
    }

    /**
     * A {@code "event":"roundFailed"} line: an exception left the round, which has no end (its journal could not be
     * written, a replay diverged, an {@link Error}); the runtime's listeners heard it as {@code onRoundFailed}.
     * Traces written before the runtime wrote these lines have none: such a round's lines just stop.
     *
     * @param line the line number
     * @param session the session's id
     * @param round the round's number within the session
     * @param exception the class of the exception that left the round
     * @param message the exception's message, when it had one
     */
    record RoundFailed(long line, String session, int round, String exception, Optional<String> message)
            implements TraceEntry {
        public RoundFailed {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(exception, "exception");
            Objects.requireNonNull(message, "message");
        }

        /** The exception as one text, {@code class: message}, or the class alone when it had no message. */
        public String failure() {
            return message.map(text -> exception + ": " + text).orElse(exception);
        }
    }

    /**
     * A well-formed line of an event this reader does not know (written by a newer writer, or by
     * another tool sharing the file); checks pass over it.
     *
     * @param line the line number
     * @param event the line's {@code "event"} value
     */
    record Other(long line, String event) implements TraceEntry {
        public Other {
            Objects.requireNonNull(event, "event");
        }
    }

    /**
     * A line that could not be read: not JSON, not one object, a field missing or of the wrong type,
     * longer than {@link TraceReader#MAX_LINE_BYTES}, or cut off at the end of the file.
     *
     * @param line the line number
     * @param problem what is wrong with it, in words
     */
    record Unreadable(long line, String problem) implements TraceEntry {
        public Unreadable {
            Objects.requireNonNull(problem, "problem");
        }
    }
}
