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
    VETOED
}
