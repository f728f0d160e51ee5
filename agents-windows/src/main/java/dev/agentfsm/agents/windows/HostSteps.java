package dev.agentfsm.agents.windows;

import dev.agentfsm.runtime.ArchivedSubtask;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.Image;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.util.List;
import java.util.Optional;

/** The four phases of the HostAgent's CONTINUE step. */
final class HostSteps {
    static final Context.Key<byte[]> SCREENSHOT = Context.Key.of("host.screenshot");
    static final Context.Key<AgentReply> REPLY = Context.Key.of("host.reply");
    static final Context.Key<String> ACTION = Context.Key.of("host.action");

    private static final String ROLE = """
            You are the HostAgent of a Windows desktop. You break the user's request into subtasks, and for \
            each one select the application window that should do it: call select_application_window with \
            the window's number and reply with status ASSIGN, naming the subtask in current_subtask. The \
            application's AppAgent does the subtask and reports back in the previous subtasks. Reply FINISH \
            with the answer in result when the request is done, PENDING with questions when you need the \
            user's help, CONFIRM before a step the user must approve. Reply with one JSON object.""";

    private HostSteps() {}

    /** DATA_COLLECTION: the desktop screenshot and the window list. */
    static void observe(HostAgent host, ProcessingContext step) throws Exception {
        host.observed(host.desktop().windows());
        step.local().put(SCREENSHOT, host.desktop().screenshot());
    }

    /** LLM_INTERACTION: the prompt, the guarded reply, the status. */
    static void ask(HostAgent host, ProcessingContext step) throws Exception {
        Context context = step.global();
        String text = new Prompt()
                .section("Request", context.get(Context.REQUEST).orElse(""))
                .section("Previous subtasks", context.previousSubtasks().stream().map(HostSteps::describe).toList())
                .section("Plan", host.plan())
                .block(host.blackboard().toPrompt())
                .section("Last action", host.gate().lastOutcome().orElse(""))
                .section("Windows", host.windowList())
                .tools(HostAgent.TOOLS)
                .text();
        List<ChatMessage> messages = List.of(ChatMessage.system(ROLE),
                ChatMessage.user(text, List.of(Image.png(step.local().require(SCREENSHOT)))));
        AgentReply reply = host.guard().ask(HostAgentStatus.CONTINUE.name(), messages, Replies.HOST_SCHEMA);
        host.setStatus(reply.status());
        step.local().put(REPLY, reply);
    }

    /** ACTION_EXECUTION: the chosen tool runs, or waits for the user when the status is CONFIRM. */
    static void act(HostAgent host, ProcessingContext step) throws Exception {
        AgentReply reply = step.local().require(REPLY);
        Optional<Action> action = reply.action("");
        boolean confirmFirst = reply.status().equals(HostAgentStatus.CONFIRM.name());
        host.gate().submit(action, confirmFirst, "the step: " + Replies.text(reply.json(), "thought"))
                .ifPresent(outcome -> step.local().put(ACTION, outcome));
    }

    /** MEMORY_UPDATE: the subtask, plan and questions for the next states, the trajectory, the round's result. */
    static void remember(HostAgent host, ProcessingContext step) {
        AgentReply reply = step.local().require(REPLY);
        host.remember(Replies.text(reply.json(), "current_subtask"), Replies.texts(reply.json(), "plan"),
                Replies.texts(reply.json(), "questions"));
        host.blackboard().addTrajectory(Trajectory.of(step.global(), host, Replies.text(reply.json(), "current_subtask"),
                step.local().get(ACTION).orElse(""), reply.status()));
        String result = Replies.text(reply.json(), "result");
        if (!result.isBlank()) {
            step.global().put(Context.ROUND_RESULT, result);
        }
    }

    private static String describe(ArchivedSubtask subtask) {
        return "- " + subtask.subtask() + " -> " + subtask.status()
                + (subtask.result().isBlank() ? "" : ": " + subtask.result());
    }
}
