package dev.agentfsm.agents.windows;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Status;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One completed step as the Windows agents write it to the blackboard: UFO's history keys (step, subtask,
 * action) plus the agent and the status it chose. {@code step} is the round's step that took it
 * ({@link Context#ROUND_STEP}, from 1), as in the MobileAgent's and the LinuxAgent's trajectories.
 */
final class Trajectory {
    private Trajectory() {}

    static Map<String, Object> of(Context context, Agent agent, String subtask, String action, Status status) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("step", context.get(Context.ROUND_STEP).orElse(0));
        step.put("agent", agent.name());
        step.put("subtask", subtask);
        step.put("action", action);
        step.put("status", status.name());
        return step;
    }
}
