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

    /** Describes an action as the device is now, which may mean observing it first. */
    @FunctionalInterface
    interface Describer<A> {
        String describe(A action) throws DriverException;
    }

    /**
     * What CONFIRM decided.
     *
     * @param approved whether the step was approved (or {@code safeGuard} is off)
     * @param step the step as the user was asked about it
     */
    record Decided(boolean approved, String step) {}

    /** A step waiting for the user: its action, if it has one, and what the user is asked to approve. */
    private record Held<A>(Optional<A> action, String description) {}

    private final Executor<A> executor;
    private final Function<A, String> describer;
    private Optional<Held<A>> held = Optional.empty();
    private Optional<String> lastOutcome = Optional.empty();
    private boolean lastFailed;

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
        lastFailed = false;
        if (confirmFirst) {
            hold(action, step);
        } else if (action.isPresent()) {
            run(action.get());
        }
        return lastOutcome;
    }

    private void run(A action) throws DriverException {
        ActionResult result = executor.execute(action);
        lastFailed = !result.success();
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
     * approved and drops it otherwise. The question describes the action with {@code describeNow}: built
     * from what the agent observed just before asking (UFO collects its data again before it asks), not
     * from the observation the model chose it on.
     *
     * @return whether the step was approved, and the step as the user was asked about it
     * @throws IllegalStateException if no step is waiting
     */
    Decided confirm(UserChannel user, RuntimeConfig config, Describer<A> describeNow) throws DriverException {
        Held<A> step = held.orElseThrow(
                () -> new IllegalStateException(
                        "CONFIRM has no waiting step: the LLM must choose the step to confirm in the same reply as status CONFIRM"));
        // observed only when someone is asked: with safeGuard off the action runs as the model chose it
        String question = config.safeGuard() && step.action().isPresent()
                ? describeNow.describe(step.action().get())
                : step.description();
        boolean approved = !config.safeGuard() || user.confirm(question, config.userTimeout()) == Decision.APPROVED;
        // dropped only once decided: a channel that stops the work until the user replies (fsm-temporal's)
        // runs CONFIRM again, and the step must still be waiting then
        held = Optional.empty();
        lastFailed = false;
        if (!approved) {
            lastOutcome = Optional.of(question + ": rejected by the user; it did not run");
            return new Decided(false, question);
        }
        if (step.action().isPresent()) {
            run(step.action().get());
        } else {
            lastOutcome = Optional.of(question + ": approved by the user");
        }
        return new Decided(true, question);
    }

    /** Whether the last action that ran failed (an {@link ActionResult} that is not a success). */
    boolean lastFailed() {
        return lastFailed;
    }

    /** Adds a sentence to what the last action did, for the next prompt. */
    void note(String sentence) {
        lastOutcome = Optional.of(lastOutcome.map(o -> o + " ").orElse("") + sentence);
    }

    /** What the last action did (or that it waits, or was rejected), for the next prompt. */
    Optional<String> lastOutcome() {
        return lastOutcome;
    }

    /** Forgets the held step and the last outcome. */
    void clear() {
        held = Optional.empty();
        lastOutcome = Optional.empty();
        lastFailed = false;
    }

    private static String outcome(String description, ActionResult result) {
        return result.success()
                ? description + ": done. " + result.output()
                : description + ": failed. " + result.reason().orElse("no reason given");
    }
}
