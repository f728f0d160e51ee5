package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.AgentStep.StepRecord;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The four phases of the HostAgent's CONTINUE step: the desktop is observed, the LLM's reply decides,
 * the action's outcome (if one ran or waits) results, and the step is remembered.
 */
final class HostSteps {
    private static final String ROLE =
            """
            You are the HostAgent of a Windows desktop. You break the user's request into subtasks, and for \
            each one select the application window that should do it: call select_application_window with \
            the window's number and reply with status ASSIGN, naming the subtask in current_subtask. The \
            application's AppAgent does the subtask and reports back in the previous subtasks. Reply FINISH \
            with the answer in result when the request is done, PENDING with questions when you need the \
            user's help, CONFIRM before a step the user must approve. Reply with one JSON object.""";

    /**
     * What the host sees of the desktop in one step.
     *
     * @param screenshot the desktop's screenshot as PNG
     * @param windows the application windows, numbered from 1 in the prompt
     */
    // the screenshot passes from the driver to the prompt without a copy; nothing compares views
    @SuppressWarnings("ArrayRecordComponent")
    record DesktopView(byte[] screenshot, List<DesktopWindow> windows) {
        DesktopView {
            Objects.requireNonNull(screenshot, "screenshot");
            windows = List.copyOf(windows);
        }
    }

    private HostSteps() {}

    /** DATA_COLLECTION: the window list and the desktop screenshot. */
    static DesktopView observe(HostAgent host, Context context) throws DriverException {
        List<DesktopWindow> windows = host.desktop().windows();
        host.observed(windows);
        return new DesktopView(host.desktop().screenshot(), windows);
    }

    /** LLM_INTERACTION: the prompt with the numbered windows and the screenshot, the guarded reply, the status. */
    static UfoReply ask(HostAgent host, Context context, DesktopView desktop) throws LlmException {
        String text = new Prompt()
                .section("Request", context.get(Context.REQUEST).orElse(""))
                .section(
                        "Previous subtasks",
                        context.previousSubtasks().stream()
                                .map(HostSteps::describe)
                                .toList())
                .section("Plan", host.plan())
                .block(host.blackboard().toPrompt())
                .section("Last action", host.gate().lastOutcome().orElse(""))
                .section("Windows", windowList(desktop.windows()))
                .tools(HostAgent.TOOLS)
                .text();
        List<ChatMessage> messages =
                List.of(ChatMessage.system(ROLE), ChatMessage.user(text, List.of(Image.png(desktop.screenshot()))));
        UfoReply reply = UfoReply.of(host.guard().ask(HostAgentStatus.CONTINUE, messages, Replies.HOST_SCHEMA), "");
        host.setStatus(reply.status());
        return reply;
    }

    /**
     * ACTION_EXECUTION: the chosen tool runs, or waits for the user when the status is CONFIRM.
     *
     * @return what happened, for the trajectory; empty when the reply asked for no action
     */
    static Optional<String> act(HostAgent host, Context context, UfoReply reply) throws DriverException {
        boolean confirmFirst = reply.status() == HostAgentStatus.CONFIRM;
        return host.gate().submit(reply.function(), confirmFirst, "the step: " + reply.thought());
    }

    /** MEMORY_UPDATE: the subtask, plan and questions for the next states, the trajectory, the round's result. */
    static void remember(HostAgent host, Context context, StepRecord<DesktopView, UfoReply, Optional<String>> step) {
        UfoReply reply = step.decision();
        String subtask = reply.currentSubtask();
        host.remember(subtask, reply.plan(), reply.questions());
        host.blackboard()
                .addTrajectory(
                        Trajectory.of(context, host, subtask, step.result().orElse(""), reply.status()));
        String result = reply.result();
        if (!result.isBlank()) {
            context.put(Context.ROUND_RESULT, result);
        }
    }

    /** The window list as the prompt shows it, numbered from 1. */
    private static List<String> windowList(List<DesktopWindow> windows) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < windows.size(); i++) {
            DesktopWindow w = windows.get(i);
            lines.add("[" + (i + 1) + "] " + w.shownTitle() + " (" + w.shownApp() + ")");
        }
        return lines;
    }

    private static String describe(ArchivedSubtask subtask) {
        return "- " + subtask.subtask() + " -> " + subtask.status().name()
                + (subtask.result().isBlank() ? "" : ": " + subtask.result());
    }
}
