package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.AgentStep.StepRecord;
import dev.agentfsm.agents.kit.ScreenshotAnnotator;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The four phases of the AppAgent's CONTINUE step: the window is observed as a {@link WindowSnapshot},
 * the LLM's reply decides, the action's outcome (if one ran or waits) results, and the step is
 * remembered. SCREENSHOT runs the first phase alone.
 */
final class AppSteps {
    private AppSteps() {}

    /**
     * DATA_COLLECTION: the window's screenshot, its controls labelled from 1, and the annotated
     * screenshot. The agent keeps the snapshot: the labels in the LLM's reply refer to it, also when
     * the action runs later, after CONFIRM.
     */
    static WindowSnapshot observe(AppAgent agent, Context context) throws DriverException {
        DesktopWindow window = agent.window();
        byte[] screenshot = agent.desktop().screenshot(window);
        List<AnnotatedControl> controls = new ArrayList<>();
        for (DesktopControl control : agent.desktop().controls(window)) {
            controls.add(new AnnotatedControl(controls.size() + 1, control));
        }
        byte[] annotated = ScreenshotAnnotator.annotate(
                screenshot, controls.stream().map(c -> c.labelIn(window)).toList());
        WindowSnapshot snapshot = new WindowSnapshot(window, screenshot, annotated, controls);
        agent.observed(snapshot);
        return snapshot;
    }

    /** LLM_INTERACTION: the prompt with both screenshots, the guarded reply, the status. */
    static UfoReply ask(AppAgent agent, Context context, WindowSnapshot snapshot) throws LlmException {
        String role = "You are an AppAgent working in the window '"
                + snapshot.window().title() + "' of "
                + snapshot.window().appRoot() + ". Do the subtask the HostAgent gave you, one action per reply, "
                + "naming controls by the labels on the annotated screenshot. Reply FINISH with what the subtask "
                + "produced in result when it is done, FAIL when it cannot be done, CONFIRM for an action the user "
                + "must approve first, PENDING with questions when you need the user's help, SCREENSHOT with "
                + "control_reannotate when the action makes new controls appear. Reply with one JSON object.";
        String text = new Prompt()
                .section("Request", context.get(Context.REQUEST).orElse(""))
                .section("Subtask", context.get(Context.SUBTASK).orElse(""))
                .section("Plan", agent.plan())
                .block(agent.blackboard().toPrompt())
                .section("Last action", agent.gate().lastOutcome().orElse(""))
                .section(
                        "Controls",
                        snapshot.controls().stream()
                                .map(AnnotatedControl::describe)
                                .toList())
                .tools(AppAgent.TOOLS)
                .text();
        List<ChatMessage> messages = List.of(
                ChatMessage.system(role),
                ChatMessage.user(text, List.of(Image.png(snapshot.screenshot()), Image.png(snapshot.annotated()))));
        UfoReply reply =
                UfoReply.of(agent.guard().ask(AppAgentStatus.CONTINUE, messages, Replies.APP_SCHEMA), "/action");
        agent.setStatus(reply.status());
        return reply;
    }

    /**
     * ACTION_EXECUTION: the action runs on its control, or waits for the user when the status is CONFIRM.
     *
     * @return what happened, for the trajectory; empty when the reply asked for no action
     */
    static Optional<String> act(AppAgent agent, Context context, UfoReply reply) throws DriverException {
        boolean confirmFirst = reply.status() == AppAgentStatus.CONFIRM;
        return agent.gate().submit(reply.function(), confirmFirst, "the step: " + reply.thought());
    }

    /** MEMORY_UPDATE: plan, questions, controls to re-annotate, result; the trajectory and a saved screenshot on the blackboard. */
    static void remember(AppAgent agent, Context context, StepRecord<WindowSnapshot, UfoReply, Optional<String>> step) {
        UfoReply reply = step.decision();
        boolean reannotate = reply.status() == AppAgentStatus.SCREENSHOT;
        agent.remember(
                reply.plan(), reply.questions(), reannotate ? reply.controlReannotate() : List.of(), reply.result());
        agent.blackboard()
                .addTrajectory(Trajectory.of(
                        context,
                        agent,
                        context.get(Context.SUBTASK).orElse(""),
                        step.result().orElse(""),
                        reply.status()));
        if (reply.saveScreenshot()) {
            agent.blackboard()
                    .addScreenshot(
                            step.observation().screenshot(),
                            step.observation().window().title() + ": " + reply.saveScreenshotReason());
        }
    }
}
