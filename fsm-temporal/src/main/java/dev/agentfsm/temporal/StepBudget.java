package dev.agentfsm.temporal;

/**
 * The steps a session may still take ({@code maxStep}), shared by its rounds: the workflow's copy of
 * the runtime's budget. Workflow state, confined to the workflow's thread.
 */
final class StepBudget {
    private final int limit;
    private int used;

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

    int used() {
        return used;
    }

    int limit() {
        return limit;
    }
}
