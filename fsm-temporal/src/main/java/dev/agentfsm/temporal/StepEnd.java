package dev.agentfsm.temporal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.agentfsm.runtime.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one state's work ended, as the worker reports it to the workflow (the first six) or as the
 * workflow itself ends a state's wait ({@link TimedOut}, {@link Cancelled}). Only values cross: the
 * workflow checks what the worker reports against the generated table before it moves.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = StepEnd.Worked.class, name = "worked"),
    @JsonSubTypes.Type(value = StepEnd.Decided.class, name = "decided"),
    @JsonSubTypes.Type(value = StepEnd.Awaiting.class, name = "awaiting"),
    @JsonSubTypes.Type(value = StepEnd.Failed.class, name = "failed"),
    @JsonSubTypes.Type(value = StepEnd.Rejected.class, name = "rejected"),
    @JsonSubTypes.Type(value = StepEnd.UnknownStatus.class, name = "unknownStatus"),
    @JsonSubTypes.Type(value = StepEnd.TimedOut.class, name = "timedOut"),
    @JsonSubTypes.Type(value = StepEnd.Cancelled.class, name = "cancelled")
})
sealed interface StepEnd {

    /** A round-ending state did its work; no decision is asked of it. */
    record Worked() implements StepEnd {}

    /**
     * The state did its work and decided where to go ({@code next(agent, to)}, its only move, or the agent's status).
     *
     * @param target the qualified status it asked for, {@code "LinuxAgent.FINISH"}
     * @param legal whether the worker's {@link dev.agentfsm.runtime.Next} named a declared move
     * @param handOff the name of the agent that takes over, for a hand-off
     */
    record Decided(String target, boolean legal, Optional<String> handOff) implements StepEnd {
        public Decided {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(handOff, "handOff");
        }
    }

    /** The state's work asked the user; it runs again, from its start, once the answer (or the time-out) is in. */
    record Awaiting(Asked asked) implements StepEnd {
        public Awaiting {
            Objects.requireNonNull(asked, "asked");
        }
    }

    /**
     * The state's work threw.
     *
     * @param error the exception as {@code toString()} gives it: its class and message
     */
    record Failed(String error) implements StepEnd {
        public Failed {
            Objects.requireNonNull(error, "error");
        }
    }

    /**
     * The LLM never gave a usable reply ({@link dev.agentfsm.runtime.ReplyRejectedException}).
     *
     * @param outcome the outcome the round ends with
     * @param message the exception's message
     * @param error the exception as {@code toString()} gives it
     * @param from the qualified status of the state that asked
     * @param requested the status the last reply named, as given
     * @param allowed the qualified statuses the state could have chosen
     */
    record Rejected(Outcome outcome, String message, String error, String from, String requested, List<String> allowed)
            implements StepEnd {
        public Rejected {
            allowed = List.copyOf(allowed);
        }
    }

    /**
     * The state's work met a status no state of {@code machine} has ({@link dev.agentfsm.runtime.UnknownStatusException}).
     *
     * @param machine the machine the status was looked up in
     * @param status the unknown status, as given
     * @param error the exception as {@code toString()} gives it
     */
    record UnknownStatus(String machine, String status, String error) implements StepEnd {}

    /**
     * The state's declared time-out fired before its work or its wait was over: the workflow moves to {@code target}.
     *
     * @param target the qualified status the declared {@code TIMEOUT} move goes to
     * @param after the declared time-out
     */
    record TimedOut(String target, Duration after) implements StepEnd {}

    /** The workflow was cancelled while the state worked or waited. */
    record Cancelled(String why) implements StepEnd {}
}
