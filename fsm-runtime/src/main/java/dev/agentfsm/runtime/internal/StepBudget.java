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

    /** Takes one step; {@code false} when the budget is spent (and nothing is taken). */
    public boolean tryTake() {
        if (used >= limit) {
            return false;
        }
        used++;
        return true;
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
