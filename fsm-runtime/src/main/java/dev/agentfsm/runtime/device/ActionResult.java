package dev.agentfsm.runtime.device;

import java.util.Map;
import java.util.Optional;

/**
 * What an action did. A failure the LLM should hear about (a refused command, a missing control) is
 * a result with a reason, not an exception.
 *
 * @param success whether the action did what was asked
 * @param output what the action printed or returned, for the LLM
 * @param reason why it failed, when it did
 * @param data structured details (exit code, elapsed time ...) for traces and tests
 */
public record ActionResult(boolean success, String output, Optional<String> reason, Map<String, Object> data) {
    public ActionResult {
        data = Map.copyOf(data);
    }

    /** A success with output. */
    public static ActionResult ok(String output) {
        return new ActionResult(true, output, Optional.empty(), Map.of());
    }

    /** A failure with the reason the LLM gets back. */
    public static ActionResult failed(String reason) {
        return new ActionResult(false, "", Optional.of(reason), Map.of());
    }
}
