package dev.agentfsm.runtime.step;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one run of an {@link AgentStep} produced: each phase's value and how long each phase took.
 * The memory phase receives it to record the step; {@link AgentStep#run} returns it with the memory
 * phase's time added.
 *
 * @param observation what the data-collection phase observed
 * @param decision what the LLM phase decided (usually the guarded reply)
 * @param result what the action phase did
 * @param timings each phase that ran and its time, in phase order
 * @param <O> the observation's type
 * @param <D> the decision's type
 * @param <R> the action result's type
 */
public record StepRecord<O, D, R>(O observation, D decision, R result, Map<Phase, Duration> timings) {

    public StepRecord {
        Objects.requireNonNull(observation, "observation");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(result, "result");
        EnumMap<Phase, Duration> copy = new EnumMap<>(Phase.class);
        copy.putAll(timings);
        timings = Collections.unmodifiableMap(copy);
    }

    /** The time of all phases that ran. */
    public Duration total() {
        return timings.values().stream().reduce(Duration.ZERO, Duration::plus);
    }

    /** This record with {@code phase}'s time added. */
    StepRecord<O, D, R> timed(Phase phase, Duration time) {
        EnumMap<Phase, Duration> more = new EnumMap<>(Phase.class);
        more.putAll(timings);
        more.put(phase, time);
        return new StepRecord<>(observation, decision, result, more);
    }
}
