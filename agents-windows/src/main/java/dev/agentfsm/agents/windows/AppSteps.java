package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.AgentStep.StepRecord;
import dev.agentfsm.agents.kit.ScreenshotAnnotator;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.agents.kit.UfoReply.ReplyAction;
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
        WindowSnapshot snapshot = look(agent);
        agent.observed(snapshot);
        return snapshot;
    }

    /** The window as it is now, labelled; the agent's last snapshot stays the one the model saw. CONFIRM looks so. */
    static WindowSnapshot look(AppAgent agent) throws DriverException {
        DesktopWindow window = agent.window();
        byte[] screenshot = agent.desktop().screenshot(window);
        List<AnnotatedControl> controls = new ArrayList<>();
        for (DesktopControl control : agent.desktop().controls(window)) {
            controls.add(new AnnotatedControl(controls.size() + 1, control));
        }
        byte[] annotated = ScreenshotAnnotator.annotate(
                screenshot, controls.stream().map(c -> c.labelIn(window)).toList());
        return new WindowSnapshot(window, screenshot, annotated, controls);
    }

    /**
     * DATA_COLLECTION of a step that runs a later action of a reply: the snapshot the reply's labels refer
     * to, as UFO runs a reply's actions on the one observation the model chose them on.
     */
    static WindowSnapshot sameSnapshot(AppAgent agent, Context context) {
        return agent.lastSnapshot()
                .orElseThrow(() -> new IllegalStateException(
                        agent.name() + " has actions of a reply left but no snapshot they refer to"));
    }

    /** LLM_INTERACTION of a step that runs a later action of a reply: that reply; the model is not asked. */
    static UfoReply sameReply(AppAgent agent, Context context, WindowSnapshot snapshot) {
        return agent.replyAtWork()
                .orElseThrow(() -> new IllegalStateException(agent.name() + " has actions left but no reply"));
    }

    /** LLM_INTERACTION: the prompt with both screenshots, the guarded reply, the status. */
    static UfoReply ask(AppAgent agent, Context context, WindowSnapshot snapshot) throws LlmException {
        String role = "You are an AppAgent working in the window '"
                + snapshot.window().shownTitle() + "' of "
                + snapshot.window().shownApp()
                + ". Do the subtask the HostAgent gave you, naming controls by the labels "
                + "on the annotated screenshot: one action per reply, or a list of actions to run in order, each "
                + "with its status (a list stops at the first action that fails). Reply FINISH with what the subtask "
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
     * ACTION_EXECUTION: the reply's next action runs on its control, or waits for the user when its status is
     * CONFIRM. A reply with a list of actions runs one per step, in order (each its own step: journaled, and
     * on the trajectory, alone): while actions are left the agent continues, after the last it moves by that
     * action's status, and an action that fails drops the ones after it, which the model reads next step.
     *
     * @return what happened, for the trajectory; empty when the reply asked for no action
     */
    static Optional<String> act(AppAgent agent, Context context, UfoReply reply) throws DriverException {
        if (agent.replyAtWork().isEmpty()) {
            agent.startReply(reply);
        }
        ReplyAction action = agent.nextAction();
        boolean last = agent.actionsLeft() == 0;
        if (action.status() == AppAgentStatus.CONFIRM) {
            agent.setStatus(AppAgentStatus.CONFIRM);
            return agent.gate().submit(action.function(), true, "the step: " + reply.thought());
        }
        Optional<String> outcome = agent.gate().submit(action.function(), false, "the step: " + reply.thought());
        if (last) {
            agent.setStatus(action.status());
            return outcome;
        }
        agent.setStatus(AppAgentStatus.CONTINUE);
        if (agent.gate().lastFailed()) {
            agent.dropActions();
            return agent.gate().lastOutcome();
        }
        return outcome;
    }

    /** MEMORY_UPDATE of a step that ran a later action of a reply: the trajectory; the rest was remembered with the reply. */
    static void rememberAction(
            AppAgent agent, Context context, StepRecord<WindowSnapshot, UfoReply, Optional<String>> step) {
        agent.blackboard()
                .addTrajectory(Trajectory.of(
                        context,
                        agent,
                        context.get(Context.SUBTASK).orElse(""),
                        step.result().orElse(""),
                        agent.status()));
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
                        agent.status()));
        if (reply.saveScreenshot()) {
            agent.blackboard()
                    .addScreenshot(
                            step.observation().screenshot(),
                            step.observation().window().shownTitle() + ": " + reply.saveScreenshotReason());
        }
    }
}
