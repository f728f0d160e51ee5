package dev.agentfsm.temporal;

import java.time.Duration;
import java.util.Objects;

/**
 * How the activities that run states' work are timed and retried. Each step runs on the worker that
 * holds the session's agent, on that worker's own task queue, and heartbeats while it runs. An
 * attempt that times out or whose worker stops is tried again; a step that no worker starts within
 * {@code scheduleToStart} means the worker is gone, and the session moves to another worker. A
 * state's work that throws is not retried: the workflow takes the machine's {@code onError} move.
 *
 * @param startToClose how long one attempt of a state's work may take (its LLM calls, its actions;
 *     never the user's answer, which the workflow waits for); default 10 minutes
 * @param heartbeat how long a running attempt may go without a heartbeat before it counts as lost
 *     (the worker heartbeats three times as often); default 30 seconds
 * @param scheduleToStart how long a step may wait for its worker to start it before the session
 *     moves to another worker; default 1 minute
 * @param retryInterval the wait before the first retry of an attempt that timed out or was
 *     interrupted (it doubles after each); default 1 second
 * @param maxAttempts attempts of one step on one worker, the first included; default 3
 * @param maxWorkerChanges how often one step may move the session to another worker; default 3
 */
public record StepOptions(
        Duration startToClose,
        Duration heartbeat,
        Duration scheduleToStart,
        Duration retryInterval,
        int maxAttempts,
        int maxWorkerChanges) {

    /** @throws IllegalArgumentException naming the component and its value when one is out of range */
    public StepOptions {
        positive("startToClose", startToClose);
        positive("heartbeat", heartbeat);
        positive("scheduleToStart", scheduleToStart);
        positive("retryInterval", retryInterval);
        if (maxAttempts < 1) {
            throw new IllegalArgumentException(
                    "maxAttempts must be at least 1 (the first attempt); got " + maxAttempts);
        }
        if (maxWorkerChanges < 0) {
            throw new IllegalArgumentException("maxWorkerChanges must be 0 or more; got " + maxWorkerChanges);
        }
    }

    /**
     * Ten minutes per attempt, a heartbeat every ten seconds (thirty without one and the attempt is
     * lost), one minute to start, three attempts, three changes of worker per step.
     */
    public static StepOptions defaults() {
        return new StepOptions(
                Duration.ofMinutes(10), Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofSeconds(1), 3, 3);
    }

    private static void positive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration; got " + value);
        }
    }
}
