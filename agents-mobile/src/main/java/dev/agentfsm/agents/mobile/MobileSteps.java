package dev.agentfsm.agents.mobile;

import dev.agentfsm.agents.kit.AgentStep.StepRecord;
import dev.agentfsm.agents.kit.ScreenshotAnnotator;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The four phases of the MobileAgent's CONTINUE step; each hands its result to the next. */
final class MobileSteps {

    /**
     * What the data-collection phase saw (UFO's three composed strategies).
     *
     * @param screenshot the screen as it is
     * @param apps the apps the device lists for the prompt (see {@link MobileDevice#apps()})
     * @param controls the screen's controls, with this step's ids
     * @param annotated the screenshot with each control framed and labelled with its id
     */
    // the screenshots pass from the device to the prompt without a copy; nothing compares observations
    @SuppressWarnings("ArrayRecordComponent")
    record Observation(byte[] screenshot, List<String> apps, List<Control> controls, byte[] annotated) {
        Observation {
            apps = List.copyOf(apps);
            controls = List.copyOf(controls);
        }
    }

    /**
     * What the action phase did.
     *
     * @param action the action the reply asked for; empty for a reply that only reports
     * @param result what came of it
     */
    record Acted(Optional<Action> action, ActionResult result) {}

    private MobileSteps() {}

    /** DATA_COLLECTION: a screenshot, the apps, the controls and the annotated screenshot. */
    static Observation observe(MobileAgent agent, Context context) throws Exception {
        MobileDevice driver = agent.driver();
        byte[] screenshot = driver.screenshot();
        List<String> apps = driver.apps();
        List<Control> controls = driver.controls();
        byte[] annotated = ScreenshotAnnotator.annotate(
                screenshot, controls.stream().map(Control::label).toList());
        return new Observation(screenshot, apps, controls, annotated);
    }

    /** LLM_INTERACTION: the prompt, the guarded reply read into UFO's reply fields, the agent's status. */
    static UfoReply ask(MobileAgent agent, Context context, Observation seen) throws Exception {
        UfoReply reply = UfoReply.of(
                agent.guard()
                        .ask(
                                MobileAgentStatus.CONTINUE,
                                MobilePrompt.messages(agent, context, seen),
                                MobilePrompt.SCHEMA),
                "/action");
        agent.setStatus(reply.status());
        return reply;
    }

    /** ACTION_EXECUTION: the reply's action on the device; a reply without a function (a final FINISH) runs nothing. */
    static Acted act(MobileAgent agent, Context context, UfoReply reply) throws Exception {
        Optional<Action> action = reply.function();
        if (action.isEmpty()) {
            return new Acted(action, ActionResult.ok("no action"));
        }
        return new Acted(
                action, agent.driver().execute(action.get(), agent.config().actionTimeout()));
    }

    /**
     * MEMORY_UPDATE: the step goes on the blackboard's trajectory and, with the screenshot and the
     * annotated screenshot, on the agent's own (bounded by {@code screenshots}); the action's result
     * and the plan are kept for the next prompt, and a non-empty {@code result} becomes the round's result.
     */
    static void remember(MobileAgent agent, Context context, StepRecord<Observation, UfoReply, Acted> step) {
        UfoReply reply = step.decision();
        ActionResult result = step.result().result();
        Optional<Action> action = step.result().action();
        String outcome = result.success()
                ? result.output()
                : "failed: " + result.reason().orElse("");
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("step", context.get(Context.ROUND_STEP).orElse(0));
        entry.put("agent", agent.name());
        entry.put("thought", reply.thought());
        entry.put("action", action.map(Action::function).orElse(""));
        entry.put("arguments", action.map(Action::arguments).orElse(Map.of()));
        entry.put("status", step.decision().status().name());
        entry.put("result", outcome);
        agent.blackboard().addTrajectory(entry);
        agent.rememberStep(new MobileStep(
                context.get(Context.ROUND_STEP).orElse(0),
                action.map(Action::function).orElse(""),
                (MobileAgentStatus) step.decision().status(),
                outcome,
                Optional.of(new StepScreens(
                        step.observation().screenshot(), step.observation().annotated()))));
        agent.rememberResult(entry.get("action") + ": " + outcome);
        agent.rememberPlan(reply.plan());
        String answer = reply.result().strip();
        if (!answer.isEmpty()) {
            context.put(Context.ROUND_RESULT, answer);
        }
    }
}
