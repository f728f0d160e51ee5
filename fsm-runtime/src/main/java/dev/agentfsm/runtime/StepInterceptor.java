package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.util.Objects;

/**
 * Behaviour around each step of a round: a step timer, a rate limiter, fault injection, a step cap.
 * A step is one state entered: its {@code handle} and the move it chooses. The step's facts go down
 * the chain of interceptors ({@link Chain}); the last one's {@link Chain#proceed()} runs the state's
 * work, and how the step ended ({@link StepEnd}) comes back up through each of them, innermost first.
 *
 * <pre>{@code
 * StepInterceptor timer = chain -> {
 *     long start = System.nanoTime();
 *     StepEnd end = chain.proceed();
 *     log.info("{} took {} µs", chain.status(), (System.nanoTime() - start) / 1_000);
 *     return end;
 * };
 * Session.of(machine, agent).interceptor(timer).build();
 * }</pre>
 *
 * <p>An interceptor may return without proceeding: {@link Chain#veto(String)} ends the round as
 * {@link Outcome#VETOED}, with a reason that names the interceptor; the state's work does not run. It
 * may also return another end than the one that came up: a veto after the work ran, or another move its
 * state declares (one it does not declare ends the round as {@link Outcome#ILLEGAL_TRANSITION}; an
 * {@link StepEnd.Ended} of its own making is an {@code IllegalStateException}). It runs on
 * the round's thread; an exception it throws is not caught by the round (as a {@link java.lang.Error}
 * from a state is not). Interceptors run in the order they were added, the first added outermost;
 * a session's recorder (its journal) records each step outside all of them (see the fsm-runtime README).
 */
@FunctionalInterface
public interface StepInterceptor {

    /** Runs the step, usually by calling {@code chain.proceed()} once, and returns how it ended. */
    StepEnd intercept(Chain chain);

    /**
     * One step on its way through the interceptors: its read-only facts, and the rest of the chain.
     * Valid only during the {@link #intercept} call it was given to.
     */
    interface Chain {
        /** The machine the round runs (the round's, also after a hand-off to another machine's state). */
        StateManager<?, ?> machine();

        /** The status of the state this step runs. */
        Status status();

        /** The agent that acts in this step. */
        Agent agent();

        /** The context the round's states share. */
        Context context();

        /** The session's id, as traces name it. */
        String session();

        /** The round's number in its session, from 1. */
        int round();

        /** The step's number in the round, from 1. */
        int step();

        /** The step's number in the session (its budget's steps taken so far, this one included). */
        int sessionStep();

        /**
         * Whether this step is replayed from the session's recorder (its journal) on resume: its calls return what
         * was recorded and its move must be the recorded one. Known once the recorder began the step,
         * so it is true for every interceptor of a replayed step.
         */
        boolean replayed();

        /**
         * Runs the rest of the chain (the next interceptor, or the state's work) and returns how the
         * step ended.
         *
         * @throws IllegalStateException if this interceptor has already proceeded in this step
         */
        StepEnd proceed();

        /**
         * The end of a step this interceptor refuses: the round ends as {@link Outcome#VETOED} with a
         * reason naming the interceptor and {@code why}. Return it instead of (or after) {@link #proceed()}.
         */
        StepEnd veto(String why);
    }

    /**
     * How one step ended, as it comes back up a {@link StepInterceptor.Chain}: the table allowed a move,
     * or the round ends here.
     */
    public sealed interface StepEnd {

        /**
         * The step chose a declared move: the round enters {@code to}, where {@code agent} acts, unless
         * it is cancelled or out of steps first.
         *
         * @param to the status entered next
         * @param agent the agent that acts there (another one after a hand-off)
         * @param trigger the move's trigger
         */
        record Moved(Status to, Agent agent, Trigger trigger) implements StepEnd {
            public Moved {
                Objects.requireNonNull(to, "to");
                Objects.requireNonNull(agent, "agent");
                Objects.requireNonNull(trigger, "trigger");
            }
        }

        /**
         * The round ends with this step.
         *
         * @param result how it ends; its path, answer and subtasks are filled in when the round finishes
         */
        record Ended(RoundResult result) implements StepEnd {
            public Ended {
                Objects.requireNonNull(result, "result");
            }

            /** How the round ends. */
            public Outcome outcome() {
                return result.outcome();
            }

            /** Why, in a sentence. */
            public String reason() {
                return result.reason();
            }
        }
    }
}
