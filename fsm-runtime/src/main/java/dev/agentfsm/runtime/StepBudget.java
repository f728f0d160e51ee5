package dev.agentfsm.runtime;

/**
 * The steps a session may still take (UFO's {@code MAX_STEP}), shared by all of its rounds. A round
 * takes one step per state it enters; when none is left it ends as {@link Outcome#STEP_LIMIT}.
 * Confined to one session's thread.
 */
final class StepBudget {
    private final int limit;
    private int used;

    /**
     * @param limit how many steps in all; at least 1
     * @throws IllegalArgumentException naming the value if {@code limit < 1}
     */
    StepBudget(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a step budget needs at least 1 step; got " + limit);
        }
        this.limit = limit;
    }

    /** Takes one step; {@code false} when the budget is spent (and nothing is taken). */
    boolean tryTake() {
        if (used >= limit) {
            return false;
        }
        used++;
        return true;
    }

    /** The steps taken so far. */
    int used() {
        return used;
    }

    /** The budget's size. */
    int limit() {
        return limit;
    }
}
