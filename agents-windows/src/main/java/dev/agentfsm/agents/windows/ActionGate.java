package dev.agentfsm.agents.windows;

import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where an agent's chosen action runs, or waits for the user: an action chosen with status
 * {@code CONFIRM} is held, and runs only when the CONFIRM state releases it (approved, or
 * {@code safeGuard} off). This is the order UFO's documents promise and its v3 code lost: confirm
 * first, act after.
 *
 * @param <A> the agent's actions: a tool call ({@link Action}) for the host and the AppAgent, a
 *     computer-use action ({@link ComputerAction}) for the Operator
 */
final class ActionGate<A> {

    /** Runs an action on the device. */
    @FunctionalInterface
    interface Executor<A> {
        ActionResult execute(A action) throws DriverException;
    }

    /** A step waiting for the user: its action, if it has one, and what the user is asked to approve. */
    private record Held<A>(Optional<A> action, String description) {}

    private final Executor<A> executor;
    private final Function<A, String> describer;
    private Optional<Held<A>> held = Optional.empty();
    private Optional<String> lastOutcome = Optional.empty();

    /**
     * @param executor runs an action on the device
     * @param describer describes an action for people: the user who confirms it, the LLM's next prompt
     */
    ActionGate(Executor<A> executor, Function<A, String> describer) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.describer = Objects.requireNonNull(describer, "describer");
    }

    /**
     * The action phase: runs the chosen action now, or, when the LLM asked to confirm first, holds
     * it (or, without an action, the step described by {@code step}) for the CONFIRM state.
     *
     * @return what happened, for the trajectory; empty when there was nothing to do
     */
    Optional<String> submit(Optional<A> action, boolean confirmFirst, String step) throws DriverException {
        lastOutcome = Optional.empty();
        if (confirmFirst) {
            hold(action, step);
        } else if (action.isPresent()) {
            run(action.get());
        }
        return lastOutcome;
    }

    private void run(A action) throws DriverException {
        ActionResult result = executor.execute(action);
        lastOutcome = Optional.of(outcome(describer.apply(action), result));
    }

    private void hold(Optional<A> action, String what) {
        String description = action.map(describer).orElse(what);
        held = Optional.of(new Held<>(action, description));
        lastOutcome = Optional.of(description + ": waiting for the user's confirmation");
    }

    /** The held step's description, if a step is waiting. */
    Optional<String> waiting() {
        return held.map(Held::description);
    }

    /**
     * Asks the user about the held step, unless {@code safeGuard} is off; runs its action when
     * approved and drops it otherwise.
     *
     * @return whether the step was approved
     * @throws IllegalStateException if no step is waiting
     */
    boolean confirm(UserChannel user, RuntimeConfig config) throws DriverException {
        Held<A> step = held.orElseThrow(
                () -> new IllegalStateException(
                        "CONFIRM has no waiting step: the LLM must choose the step to confirm in the same reply as status CONFIRM"));
        boolean approved =
                !config.safeGuard() || user.confirm(step.description(), config.userTimeout()) == Decision.APPROVED;
        // dropped only once decided: a channel that stops the work until the user replies (fsm-temporal's)
        // runs CONFIRM again, and the step must still be waiting then
        held = Optional.empty();
        if (!approved) {
            lastOutcome = Optional.of(step.description() + ": rejected by the user; it did not run");
            return false;
        }
        if (step.action().isPresent()) {
            run(step.action().get());
        } else {
            lastOutcome = Optional.of(step.description() + ": approved by the user");
        }
        return true;
    }

    /** What the last action did (or that it waits, or was rejected), for the next prompt. */
    Optional<String> lastOutcome() {
        return lastOutcome;
    }

    /** Forgets the held step and the last outcome. */
    void clear() {
        held = Optional.empty();
        lastOutcome = Optional.empty();
    }

    private static String outcome(String description, ActionResult result) {
        return result.success()
                ? description + ": done. " + result.output()
                : description + ": failed. " + result.reason().orElse("no reason given");
    }
}
