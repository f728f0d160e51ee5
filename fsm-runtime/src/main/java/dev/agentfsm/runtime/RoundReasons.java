package dev.agentfsm.runtime;

import java.util.List;
import java.util.Optional;

/**
 * The reasons a round gives for how it ended ({@code RoundResult.reason()}), written once for the
 * runtime's {@link dev.agentfsm.runtime.Round} and for fsm-temporal's rounds in a workflow, so that a
 * round ends in the same words wherever it runs.
 */
final class RoundReasons {

    private RoundReasons() {}

    /** A round-ending state was reached: {@code COMPLETED}. */
    public static String completed(Status at, int steps) {
        return at.machine().name() + " reached " + at.name() + ", which ends the round, after " + steps(steps);
    }

    /**
     * The budget had no step left for the next state: {@code STEP_LIMIT}.
     *
     * @param at the state the round is in
     * @param to where it was about to move; empty before its first state
     */
    public static String stepLimit(int budget, int steps, Status at, Optional<? extends Status> to) {
        String where = to.isPresent()
                ? "in " + at.qualifiedName() + ", about to move to " + to.get().qualifiedName()
                : "before entering " + at.qualifiedName();
        return "the step budget of " + budget + " steps was spent (" + steps + " by this round) before a"
                + " round-ending state was reached; stopped " + where;
    }

    /** The round was cancelled ({@code why}) while in {@code at}: {@code CANCELLED}. */
    public static String cancelled(String why, int steps, Status at) {
        return "the round was cancelled: " + why + ", after " + steps(steps) + ", in " + at.qualifiedName();
    }

    /**
     * The state's work failed and the round ends: {@code ERROR}.
     *
     * @param failure the failure as text ({@code Exception.toString()})
     * @param afterOnError whether the round had already gone to its machine's {@code onError} state
     */
    public static String failed(Status at, String failure, boolean afterOnError) {
        boolean noOnError = !afterOnError && at.machine().table().onError().isEmpty();
        return at.qualifiedName() + " failed with " + failure
                + (noOnError ? "; " + at.machine().name() + " declares no onError state" : "");
    }

    /** The state's work failed and the round went on in {@code onError}; the round's reason starts with this. */
    public static String movedToOnError(Status at, String failure, Status onError) {
        return at.qualifiedName() + " failed with " + failure + "; "
                + at.machine().name() + " moved to its onError state " + onError.name();
    }

    /** The reason of a round that went to its {@code onError} state and then ended for {@code reason}. */
    public static String afterOnError(String movedToOnError, String reason) {
        return movedToOnError + "; then " + reason;
    }

    /** How a requested move's target is named: by its name in its own machine, qualified in another. */
    public static String requested(Status at, Status requested) {
        return requested.machine() == at.machine() ? requested.name() : requested.qualifiedName();
    }

    /** {@code at} asked to move where it declares no move: {@code ILLEGAL_TRANSITION}. */
    public static String illegal(Status at, String requested) {
        return at.qualifiedName() + " asked to move to \"" + requested
                + "\", which it does not declare; it may move to " + names(at.targets());
    }

    /** {@code at} asked for a status its machine does not have, and the machine declares no fallback: {@code UNKNOWN_STATUS}. */
    public static String unknownStatus(Status at, String requested) {
        return at.machine().name() + " has no state for status " + quoted(requested) + " (asked for in " + at.name()
                + ") and declares no fallback; known statuses: "
                + names(at.machine().table().statuses()) + "; "
                + at.name() + " may move to " + names(at.targets());
    }

    /** The reply guard rejected the LLM's reply in {@code at}. */
    public static String rejected(Status at, String message) {
        return "the LLM's reply was rejected in " + at.qualifiedName() + ": " + message;
    }

    /**
     * A step interceptor vetoed the step into {@code at}: {@code VETOED}.
     *
     * @param interceptor the interceptor's class name
     * @param why the interceptor's own reason
     */
    public static String vetoed(String interceptor, String why, int step, Status at) {
        return "interceptor " + interceptor + " vetoed step " + step + " in " + at.qualifiedName() + ": " + why;
    }

    /**
     * A step interceptor replaced the step's end with a move the table does not allow: {@code ILLEGAL_TRANSITION}.
     *
     * @param declared the move {@code at} declares to the move's target, when it declares one (then the trigger
     *     or the agent was wrong)
     */
    public static String interceptorMoved(
            String interceptor, int step, Status at, Optional<Move> declared, StepInterceptor.StepEnd.Moved moved) {
        String why;
        if (declared.isEmpty()) {
            why = "which " + at.name() + " does not declare";
        } else if (declared.get().trigger() != moved.trigger()) {
            why = "but " + at.name() + " declares it by " + declared.get().trigger();
        } else if (declared.get().isHandOff()) {
            why = "handing control to " + moved.agent().getClass().getName() + ", but "
                    + moved.to().machine().name() + " drives "
                    + moved.to().machine().agentType().getName();
        } else {
            why = "with another agent (" + moved.agent().name() + ") than the one acting in " + at.name()
                    + "; only a hand-off changes the agent";
        }
        return "interceptor " + interceptor + " ended step " + step + " in " + at.qualifiedName() + " with a move to "
                + requested(at, moved.to()) + " by " + moved.trigger() + ", " + why + "; it may move to "
                + names(at.targets()) + "; return the end chain.proceed() gave, a declared move, or chain.veto(why)";
    }

    /** A listener threw when told of the move {@code from -> to}: {@code ERROR}. */
    public static String listenerFailedOnMove(String listener, Status from, Status to, String failure) {
        return "listener " + listener + " failed on the transition " + from.qualifiedName() + " -> "
                + to.qualifiedName() + ": " + failure;
    }

    /** A listener threw when told that subtask {@code number} ended in {@code at}: {@code ERROR}. */
    public static String listenerFailedOnSubtask(String listener, int number, Status at, String failure) {
        return "listener " + listener + " failed on the end of subtask " + number + " in " + at.qualifiedName() + ": "
                + failure;
    }

    /** A listener threw when told how the round ended, as {@code outcome} for {@code reason}: {@code ERROR}. */
    public static String listenerFailedAtEnd(String listener, String failure, String outcome, String reason) {
        return "listener " + listener + " failed at the end of the round with " + failure
                + "; the round itself ended as " + outcome + ": " + reason;
    }

    private static String steps(int steps) {
        return steps + (steps == 1 ? " step" : " steps");
    }

    private static String names(List<? extends Status> statuses) {
        return statuses.stream().map(Status::name).toList().toString();
    }

    private static String quoted(String status) {
        return status == null ? "null" : '"' + status + '"';
    }
}
