package dev.agentfsm.agents.kit;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One step of an agent's work as UFO's four phases, each handing its result to the next as a value:
 * observe the device, ask the LLM about the observation, act on its decision, remember the step.
 * A state's {@code handle} runs it; any phase's exception ends the step and goes to the runtime,
 * which moves the machine to its {@code onError} state.
 *
 * <pre>{@code
 * AgentStep<LinuxAgent, List<ChatMessage>, AgentReply, Optional<Executed>> step = AgentStep
 *         .observe(LinuxSteps::observe)      // DATA_COLLECTION: the prompt's inputs
 *         .ask(LinuxSteps::ask)              // LLM_INTERACTION: the guarded reply
 *         .act(LinuxSteps::act)              // ACTION_EXECUTION: the command run and its result
 *         .remember(LinuxSteps::remember);   // MEMORY_UPDATE: the step, the plan, the round's result
 * StepRecord<...> record = step.run(agent, context);
 * }</pre>
 *
 * @param <A> the agent type
 * @param <O> what the data-collection phase observes
 * @param <D> what the LLM phase decides
 * @param <R> what the action phase results in
 */
public final class AgentStep<A extends Agent, O, D, R> {

    /** The data-collection phase. */
    @FunctionalInterface
    public interface Observe<A, O> {
        /** Observes the device; must not return {@code null}. */
        O observe(A agent, Context context) throws Exception;
    }

    /** The LLM phase. */
    @FunctionalInterface
    public interface Ask<A, O, D> {
        /** Asks the LLM about the observation; must not return {@code null}. */
        D ask(A agent, Context context, O observation) throws Exception;
    }

    /** The action phase. */
    @FunctionalInterface
    public interface Act<A, D, R> {
        /** Acts on the decision; must not return {@code null} (use {@code Optional} when there may be no action). */
        R act(A agent, Context context, D decision) throws Exception;
    }

    /** The memory phase. */
    @FunctionalInterface
    public interface Remember<A, O, D, R> {
        /** Records the step. */
        void remember(A agent, Context context, StepRecord<O, D, R> step) throws Exception;
    }

    private final Observe<? super A, ? extends O> observe;
    private final Ask<? super A, ? super O, ? extends D> ask;
    private final Act<? super A, ? super D, ? extends R> act;
    private final Remember<? super A, O, D, R> remember;

    private AgentStep(
            Observe<? super A, ? extends O> observe,
            Ask<? super A, ? super O, ? extends D> ask,
            Act<? super A, ? super D, ? extends R> act,
            Remember<? super A, O, D, R> remember) {
        this.observe = observe;
        this.ask = ask;
        this.act = act;
        this.remember = remember;
    }

    /** Starts a step with its data-collection phase. */
    public static <A extends Agent, O> Observing<A, O> observe(Observe<A, O> observe) {
        return new Observing<>(Objects.requireNonNull(observe, "observe"));
    }

    /**
     * Runs the four phases in order and returns what they produced and how long each took.
     *
     * @throws NullPointerException naming the phase if a phase returned {@code null}
     * @throws Exception whatever a phase threw; the later phases do not run
     */
    public StepRecord<O, D, R> run(A agent, Context context) throws Exception {
        Map<Phase, Duration> timings = new EnumMap<>(Phase.class);
        long started = System.nanoTime();
        O observation = produced(Phase.DATA_COLLECTION, observe.observe(agent, context));
        started = lap(timings, Phase.DATA_COLLECTION, started);
        D decision = produced(Phase.LLM_INTERACTION, ask.ask(agent, context, observation));
        started = lap(timings, Phase.LLM_INTERACTION, started);
        R result = produced(Phase.ACTION_EXECUTION, act.act(agent, context, decision));
        started = lap(timings, Phase.ACTION_EXECUTION, started);
        StepRecord<O, D, R> record = new StepRecord<>(observation, decision, result, timings);
        remember.remember(agent, context, record);
        return record.timed(Phase.MEMORY_UPDATE, Duration.ofNanos(System.nanoTime() - started));
    }

    /** Runs the data-collection phase alone, for a state that only observes (such as re-annotating a screenshot). */
    public O observe(A agent, Context context) throws Exception {
        return produced(Phase.DATA_COLLECTION, observe.observe(agent, context));
    }

    private static <T> T produced(Phase phase, T value) {
        return Objects.requireNonNull(
                value,
                () -> "the " + phase + " phase returned null; return a value"
                        + " (an empty Optional when there is nothing)");
    }

    private static long lap(Map<Phase, Duration> timings, Phase phase, long started) {
        long now = System.nanoTime();
        timings.put(phase, Duration.ofNanos(now - started));
        return now;
    }

    /**
     * A step with its data-collection phase; {@link #ask} adds the LLM phase.
     *
     * @param <A> the agent type
     * @param <O> the observation's type
     */
    public static final class Observing<A extends Agent, O> {
        private final Observe<A, O> observe;

        Observing(Observe<A, O> observe) {
            this.observe = observe;
        }

        /** Adds the LLM phase. */
        public <D> Asking<A, O, D> ask(Ask<? super A, ? super O, D> ask) {
            return new Asking<>(observe, Objects.requireNonNull(ask, "ask"));
        }
    }

    /**
     * A step with its data-collection and LLM phases; {@link #act} adds the action phase.
     *
     * @param <A> the agent type
     * @param <O> the observation's type
     * @param <D> the decision's type
     */
    public static final class Asking<A extends Agent, O, D> {
        private final Observe<A, O> observe;
        private final Ask<? super A, ? super O, D> ask;

        Asking(Observe<A, O> observe, Ask<? super A, ? super O, D> ask) {
            this.observe = observe;
            this.ask = ask;
        }

        /** Adds the action phase. */
        public <R> Acting<A, O, D, R> act(Act<? super A, ? super D, R> act) {
            return new Acting<>(observe, ask, Objects.requireNonNull(act, "act"));
        }
    }

    /**
     * A step with three phases; {@link #remember} adds the memory phase and completes it.
     *
     * @param <A> the agent type
     * @param <O> the observation's type
     * @param <D> the decision's type
     * @param <R> the action result's type
     */
    public static final class Acting<A extends Agent, O, D, R> {
        private final Observe<A, O> observe;
        private final Ask<? super A, ? super O, D> ask;
        private final Act<? super A, ? super D, R> act;

        Acting(Observe<A, O> observe, Ask<? super A, ? super O, D> ask, Act<? super A, ? super D, R> act) {
            this.observe = observe;
            this.ask = ask;
            this.act = act;
        }

        /** Adds the memory phase: the step is complete. */
        public AgentStep<A, O, D, R> remember(Remember<? super A, O, D, R> remember) {
            return new AgentStep<>(observe, ask, act, Objects.requireNonNull(remember, "remember"));
        }
    }

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

    /** The four phases of an agent's step, in the order they run (UFO's processing phases). */
    public enum Phase {
        /** Observe the device: screenshots, UI trees, window or app lists; what the prompt is made of. */
        DATA_COLLECTION,
        /** Build the prompt, ask the LLM, parse its reply and status. */
        LLM_INTERACTION,
        /** Run the action the LLM chose. */
        ACTION_EXECUTION,
        /** Record the step: memory, blackboard, promoted results. */
        MEMORY_UPDATE
    }
}
