package dev.agentfsm.agents.mobile;

import java.util.Objects;
import java.util.Optional;

/**
 * One step of a {@link MobileAgent}'s trajectory: what it did, the status it chose, what came of it,
 * and what the device showed, while the configuration's bounds ({@code screenshots.steps},
 * {@code screenshots.maxBytes}) still keep the step's screenshots.
 *
 * @param step the round's step, from 1
 * @param action the function the LLM chose; empty text for a step without an action
 * @param status the status the LLM chose
 * @param result what the action did, or why it failed
 * @param screens the screenshot and the annotated screenshot the LLM saw; empty once dropped for newer steps
 */
public record MobileStep(
        int step, String action, MobileAgentStatus status, String result, Optional<StepScreens> screens) {

    public MobileStep {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(screens, "screens");
    }

    /** This step without its screenshots. */
    MobileStep withoutScreens() {
        return new MobileStep(step, action, status, result, Optional.empty());
    }
}
