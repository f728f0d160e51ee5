package dev.agentfsm.runtime.internal;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Status;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one state's work ended, as {@link RoundDecider} reads it: values only, so that the embedded
 * round (from exceptions and {@code Next}s) and fsm-temporal's workflow (from its worker's reports)
 * hand the decider the same facts. Internal: not part of the runtime's API (see the package).
 */
public sealed interface WorkEnd {

    /** A round-ending state did its work; no move is asked of it. */
    record Finished() implements WorkEnd {}

    /**
     * The state chose where to go ({@code next(agent, to)}, its only move, or the agent's status).
     *
     * @param to the status it asked for
     * @param declared the declared move to {@code to}, when whoever chose found one; empty when it is not declared
     * @param handOff whether the chooser named an agent that takes over
     */
    record Chose(Status to, Optional<Move> declared, boolean handOff) implements WorkEnd {}

    /**
     * The state's declared time-out ran out before its work (or its wait) was over.
     *
     * @param to the target of its declared {@code TIMEOUT} move
     */
    record TimedOut(Status to) implements WorkEnd {}

    /**
     * The state's work threw.
     *
     * @param failure the exception as {@code toString()} gives it
     */
    record Failed(String failure) implements WorkEnd {}

    /**
     * The LLM never gave a usable reply.
     *
     * @param outcome the outcome the reply guard chose
     * @param message the rejection's message
     * @param violation the refused status, for an {@code UNKNOWN_STATUS} or {@code ILLEGAL_TRANSITION}
     */
    record Rejected(Outcome outcome, String message, Optional<Refused> violation) implements WorkEnd {}

    /**
     * The state's work met a status no state of {@code machine} has.
     *
     * @param machine the machine the status was looked up in
     * @param status the unknown status as given; empty when it was null
     * @param failure the exception as {@code toString()} gives it
     */
    record UnknownStatus(String machine, Optional<String> status, String failure) implements WorkEnd {}

    /**
     * The round was cancelled while the state worked.
     *
     * @param why what cancelled it, for the reason
     */
    record Cancelled(String why) implements WorkEnd {}

    /**
     * A move the table refused, as a round's result names it.
     *
     * @param from the status that asked
     * @param requested what it asked for, as given
     * @param allowed the targets {@code from} declares
     */
    record Refused(Status from, String requested, List<Status> allowed) {
        public Refused {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(requested, "requested");
            allowed = List.copyOf(allowed);
        }
    }
}
