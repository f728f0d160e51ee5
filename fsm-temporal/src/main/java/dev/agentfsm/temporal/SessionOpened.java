package dev.agentfsm.temporal;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * A worker took a session. What it says is recorded in the workflow's history, so the workflow reads
 * its settings from here rather than from the worker's configuration, and replays the same way.
 *
 * @param agent the name of the session's agent
 * @param stepQueue the worker's own task queue, where the session's steps run while this worker holds its agent
 * @param maxStep the agent's {@code maxStep}: the session's step budget
 * @param maxRound the agent's {@code maxRound}
 * @param timeouts the declared time-out of each state of the session's machines that has one, by qualified status
 * @param steps how the steps' activities are timed and retried
 */
record SessionOpened(
        String agent,
        String stepQueue,
        int maxStep,
        int maxRound,
        Map<String, TimeoutRule> timeouts,
        StepOptions steps) {

    SessionOpened {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(stepQueue, "stepQueue");
        timeouts = Map.copyOf(timeouts);
        Objects.requireNonNull(steps, "steps");
    }

    /**
     * A state's declared time-out as data.
     *
     * @param after how long the state may work and wait
     * @param to the qualified status its {@code TIMEOUT} move goes to
     */
    record TimeoutRule(Duration after, String to) {
        TimeoutRule {
            Objects.requireNonNull(after, "after");
            Objects.requireNonNull(to, "to");
        }
    }
}
