package dev.agentfsm.agents.linux;

import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import java.time.Duration;
import java.util.Optional;

/**
 * One step the LinuxAgent took: what the LLM said, what ran and what came of it.
 *
 * @param number the round's step that took it ({@code Context.ROUND_STEP}, from 1), the {@code step} of
 *     every agent's trajectory
 * @param status the status the LLM chose: {@link LinuxAgentStatus#CONTINUE}, {@code FINISH} or {@code FAIL}
 * @param thought the LLM's reasoning for the step
 * @param action the tool it called, if any
 * @param result what the tool did, if one ran
 * @param elapsed how long the step took, the LLM included
 */
public record LinuxStep(
        int number,
        Status status,
        String thought,
        Optional<Action> action,
        Optional<ActionResult> result,
        Duration elapsed) {

    /** The command line of an {@code execute_command} action, or the tool's name for another tool; empty with no action. */
    public String command() {
        return action.map(a -> a.arguments().get("command") instanceof String command ? command : a.function() + "()")
                .orElse("");
    }
}
