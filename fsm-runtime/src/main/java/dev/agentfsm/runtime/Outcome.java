package dev.agentfsm.runtime;

/** How a {@link Round} ended. Every round ends with exactly one of these; none of them is implied. */
public enum Outcome {
    /** The round reached a state whose {@code @Terminal(endsRound = true)} ends it, and nothing failed on the way. */
    COMPLETED,
    /** The step budget ran out before a round-ending state was reached. Never reported as success. */
    STEP_LIMIT,
    /** A state's {@code handle} threw, or a reply could not be parsed after every re-ask; {@link RoundResult#error()} holds the cause. */
    ERROR,
    /** A move the transition table does not declare was requested: {@link RoundResult#violation()} names it. */
    ILLEGAL_TRANSITION,
    /** A status that no state of the machine has, and the machine declares no fallback. */
    UNKNOWN_STATUS,
    /** The round's {@link CancellationToken} was cancelled, or its thread interrupted. */
    CANCELLED,
    /**
     * A {@link StepInterceptor} vetoed a step ({@link StepInterceptor.Chain#veto}); the reason names the
     * interceptor and says why. Never reported as success.
     */
    VETOED,
    /**
     * The round stopped at a wait (a question, a confirmation, an event) instead of holding its thread:
     * {@link RoundResult#waiting()} says what it waits for. Its session's journal records the wait; a later
     * process answers it and resumes the session from there. Not an end: the round goes on when resumed.
     */
    SUSPENDED
}
