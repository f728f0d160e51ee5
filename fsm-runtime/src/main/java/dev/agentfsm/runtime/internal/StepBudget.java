package dev.agentfsm.runtime.internal;

/**
 * The steps a session may still take (UFO's {@code MAX_STEP}), shared by all of its rounds. A round
 * takes one step per state it enters; when none is left it ends as {@code STEP_LIMIT}. Confined to
 * one session's thread. The runtime's {@code Session} and fsm-temporal's workflow both count with it.
 * Internal: not part of the runtime's API (see the package).
 */
public final class StepBudget {
    private final int limit;
    private int used;

    /**
     * @param limit how many steps in all; at least 1
     * @throws IllegalArgumentException naming the value if {@code limit < 1}
     */
    public StepBudget(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a step budget needs at least 1 step; got " + limit);
        }
        this.limit = limit;
    }

    /**
     * Takes one step, once {@link RoundDecider#admit} has said the round may take it (the decider is
     * where a spent budget ends the round, as {@code STEP_LIMIT}).
     *
     * @throws IllegalStateException if the budget is spent: a caller took a step the decider refused
     */
    public void take() {
        if (used >= limit) {
            throw new IllegalStateException("the step budget of " + limit + " is spent; RoundDecider.admit"
                    + " refuses the step that would exceed it, so ask it before taking one");
        }
        used++;
    }

    /** The steps taken so far. */
    public int used() {
        return used;
    }

    /** The budget's size. */
    public int limit() {
        return limit;
    }
}
