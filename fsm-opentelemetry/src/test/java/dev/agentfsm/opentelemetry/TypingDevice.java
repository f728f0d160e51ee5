package dev.agentfsm.opentelemetry;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The tests' device: it offers one tool, {@code type_text}, records the actions it runs, fails them all when
 * {@link #fail} is set, and fails a tool it does not offer as the project's drivers do.
 */
class TypingDevice implements DeviceDriver {
    final List<Action> actions = new ArrayList<>();
    boolean fail;
    /** The reason a failed action gives. */
    String failure = "the window is gone";

    @Override
    public String name() {
        return "device";
    }

    @Override
    public Observation observe(Duration timeout) {
        return Observation.text("screen");
    }

    @Override
    public List<ToolSpec> tools() {
        return List.of(new ToolSpec("type_text", "types text", Map.of("text", "what to type")));
    }

    @Override
    public ActionResult execute(Action action, Duration timeout) {
        actions.add(action);
        if (!action.function().equals("type_text")) {
            return ActionResult.failed("unknown tool '" + action.function() + "'; the tools are type_text");
        }
        return fail ? ActionResult.failed(failure) : ActionResult.ok("typed");
    }
}
