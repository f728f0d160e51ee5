package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.util.Objects;

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
