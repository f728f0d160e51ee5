package dev.agentfsm.agents.windows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.Image;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The four phases of the AppAgent's CONTINUE step; SCREENSHOT runs the first one alone. */
final class AppSteps {
    static final Context.Key<AgentReply> REPLY = Context.Key.of("app.reply");
    static final Context.Key<String> ACTION = Context.Key.of("app.action");

    private AppSteps() {}

    /** DATA_COLLECTION: the window's screenshot, its controls labelled from 1, and the annotated screenshot. */
    static void observe(AppAgent agent, ProcessingContext step) throws Exception {
        DesktopWindow window = agent.window();
        byte[] screenshot = agent.desktop().screenshot(window);
        List<AnnotatedControl> controls = new ArrayList<>();
        for (DesktopControl control : agent.desktop().controls(window)) {
            controls.add(new AnnotatedControl(controls.size() + 1, control));
        }
        byte[] annotated = ScreenshotAnnotator.annotate(screenshot, window.bounds(), controls);
        agent.observed(new WindowSnapshot(window, screenshot, annotated, controls));
    }

    /** LLM_INTERACTION: the prompt with both screenshots, the guarded reply, the status. */
    static void ask(AppAgent agent, ProcessingContext step) throws Exception {
        Context context = step.global();
        WindowSnapshot snapshot = agent.lastSnapshot().orElseThrow();
        String role = "You are an AppAgent working in the window '" + agent.window().title() + "' of "
                + agent.window().appRoot() + ". Do the subtask the HostAgent gave you, one action per reply, "
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
                .section("Controls", snapshot.controls().stream().map(AnnotatedControl::describe).toList())
                .tools(AppAgent.TOOLS)
                .text();
        List<ChatMessage> messages = List.of(ChatMessage.system(role),
                ChatMessage.user(text, List.of(Image.png(snapshot.screenshot()), Image.png(snapshot.annotated()))));
        AgentReply reply = agent.guard().ask(AppAgentStatus.CONTINUE.name(), messages, Replies.APP_SCHEMA);
        agent.setStatus(reply.status());
        step.local().put(REPLY, reply);
    }

    /** ACTION_EXECUTION: the action runs on its control, or waits for the user when the status is CONFIRM. */
    static void act(AppAgent agent, ProcessingContext step) throws Exception {
        AgentReply reply = step.local().require(REPLY);
        Optional<Action> action = reply.action("/action");
        boolean confirmFirst = reply.status().equals(AppAgentStatus.CONFIRM.name());
        agent.gate().submit(action, confirmFirst, "the step: " + Replies.text(reply.json(), "thought"))
                .ifPresent(outcome -> step.local().put(ACTION, outcome));
    }

    /** MEMORY_UPDATE: plan, questions, controls to re-annotate, result; the trajectory and a saved screenshot on the blackboard. */
    static void remember(AppAgent agent, ProcessingContext step) {
        AgentReply reply = step.local().require(REPLY);
        JsonNode json = reply.json();
        boolean screenshot = reply.status().equals(AppAgentStatus.SCREENSHOT.name());
        agent.remember(Replies.texts(json, "plan"), Replies.texts(json, "questions"),
                screenshot ? Replies.texts(json, "control_reannotate") : List.of(), Replies.text(json, "result"));
        agent.blackboard().addTrajectory(Trajectory.of(step.global(), agent, step.global().get(Context.SUBTASK).orElse(""),
                step.local().get(ACTION).orElse(""), reply.status()));
        JsonNode save = json.path("save_screenshot");
        if (save.path("save").asBoolean(false)) {
            agent.lastSnapshot().ifPresent(s -> agent.blackboard().addScreenshot(s.screenshot(),
                    agent.window().title() + ": " + Replies.text(save, "reason")));
        }
    }
}
