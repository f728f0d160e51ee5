package dev.agentfsm.journal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.annotations.Trigger;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of a journal. Every record has its number in the file, from 1; the first is the
 * {@link Header}.
 */
sealed interface JournalRecord
        permits JournalRecord.Header,
                JournalRecord.Requests,
                JournalRecord.Step,
                JournalRecord.RoundEnd,
                JournalRecord.Waiting,
                JournalRecord.Answered {

    /** The record's number in the file, from 1. */
    int number();

    /**
     * The first record: which session, which machines, which settings.
     *
     * @param number always 1
     * @param format the file format's version
     * @param session the session's id; action ids start with it
     * @param machine the session's machine
     * @param fingerprint the fingerprint (a SHA-256 of the transition tables) of the machines reachable from it
     * @param machines their names, sorted
     * @param maxStep the session's step budget
     * @param maxRound the session's round limit
     * @param created when the journal was started
     */
    record Header(
            int number,
            int format,
            String session,
            String machine,
            String fingerprint,
            List<String> machines,
            int maxStep,
            int maxRound,
            Instant created)
            implements JournalRecord {
        public Header {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(machine, "machine");
            Objects.requireNonNull(fingerprint, "fingerprint");
            machines = List.copyOf(machines);
            Objects.requireNonNull(created, "created");
        }
    }

    /**
     * Requests the session was given to run, one round each, in order ({@code Session.run} or
     * {@code runRound}); a resumed session runs them all.
     *
     * @param number the record's number
     * @param requests the requests
     */
    record Requests(int number, List<String> requests) implements JournalRecord {
        public Requests {
            requests = List.copyOf(requests);
        }
    }

    /**
     * One completed step: a state entered and its work done, with everything from outside that the
     * work used (the calls) and what the step changed.
     *
     * @param number the record's number
     * @param round the round, from 1
     * @param step the step within the round, from 1
     * @param sessionStep the step within the session, from 1 (action ids use it)
     * @param agent the agent that worked
     * @param state the status entered, qualified ({@code "LinuxAgent.CONTINUE"})
     * @param moved where the step went next, when it did not end the round
     * @param ended the outcome the step ended the round with, when it did
     * @param refused for a step that ended the round as {@code ILLEGAL_TRANSITION} or {@code UNKNOWN_STATUS}, the
     *     status it asked for, as the round's result names it (empty in journals written before it was recorded)
     * @param timedOut whether the state's {@code @Timeout} ran out, so that its {@code TIMEOUT} move was taken
     * @param calls the calls the work made, in order: each an object with a {@code "kind"} ({@code llm},
     *     {@code observe}, {@code action}, {@code ask}, {@code confirm}, {@code event}, {@code poll}) and what
     *     it returned or threw
     * @param context what the step changed in the context: {@code {"set": {key: value}, "removed": [key]}}
     * @param blackboard what the step added to the blackboard, by section
     * @param nanos how long the step took
     */
    record Step(
            int number,
            int round,
            int step,
            int sessionStep,
            String agent,
            String state,
            Optional<Moved> moved,
            Optional<String> ended,
            Optional<String> refused,
            boolean timedOut,
            List<JsonNode> calls,
            JsonNode context,
            JsonNode blackboard,
            long nanos)
            implements JournalRecord {
        public Step {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(state, "state");
            if (moved.isPresent() == ended.isPresent()) {
                throw new IllegalArgumentException(
                        "a step either moves on or ends the round: moved " + moved + ", ended " + ended);
            }
            Objects.requireNonNull(refused, "refused");
            calls = List.copyOf(calls);
            Objects.requireNonNull(context, "context");
            Objects.requireNonNull(blackboard, "blackboard");
        }

        /** Where the step went, or how it ended the round, in words. */
        public String describeEnd() {
            return moved.map(m -> "moved to " + m.to() + " by " + m.trigger())
                    .orElseGet(() -> "ended the round as " + ended.orElseThrow());
        }
    }

    /**
     * The move a step took.
     *
     * @param to the target, qualified ({@code "LinuxAgent.FINISH"})
     * @param trigger who triggered it
     */
    record Moved(String to, Trigger trigger) {
        public Moved {
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(trigger, "trigger");
        }
    }

    /**
     * How a round ended.
     *
     * @param number the record's number
     * @param round the round, from 1
     * @param outcome the outcome's name
     * @param reason the result's reason
     * @param path the statuses entered, qualified
     * @param result the round's answer, if any
     */
    record RoundEnd(int number, int round, String outcome, String reason, List<String> path, Optional<String> result)
            implements JournalRecord {
        public RoundEnd {
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(reason, "reason");
            path = List.copyOf(path);
        }
    }

    /**
     * A step that stopped at a wait (the session suspended there): what it did before the wait, and what
     * it waits for. A later {@link Step} of the same step, or a later {@link Waiting}, supersedes it.
     *
     * @param number the record's number
     * @param round the round, from 1
     * @param step the step within the round, from 1
     * @param sessionStep the step within the session, from 1
     * @param agent the agent that worked
     * @param state the status entered, qualified
     * @param calls the calls the work made before the wait, as a {@link Step}'s
     * @param kind what the wait takes: {@code ANSWER}, {@code DECISION} or {@code EVENT}
     * @param prompt the question, the action, or the waiting state
     */
    record Waiting(
            int number,
            int round,
            int step,
            int sessionStep,
            String agent,
            String state,
            List<JsonNode> calls,
            String kind,
            String prompt)
            implements JournalRecord {
        public Waiting {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(state, "state");
            calls = List.copyOf(calls);
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(prompt, "prompt");
        }
    }

    /**
     * The reply to the {@link Waiting} before it: the waiting call as a {@link Step} records it, with its
     * answer ({@code {"kind": "confirm", "request": ..., "decision": "APPROVED"}}), which the resumed step
     * takes instead of asking.
     *
     * @param number the record's number
     * @param call the call, answered
     */
    record Answered(int number, JsonNode call) implements JournalRecord {
        public Answered {
            Objects.requireNonNull(call, "call");
        }
    }
}
