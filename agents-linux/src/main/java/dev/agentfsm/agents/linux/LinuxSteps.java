package dev.agentfsm.agents.linux;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.agents.kit.AgentStep.StepRecord;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The four phases of the LinuxAgent's {@code CONTINUE} step, each handing its result to the next
 * (the agent chains them into a {@link dev.agentfsm.agents.kit.AgentStep}): {@link #observe} builds
 * the prompt, {@link #ask} gets the guarded reply and sets the agent's status from it, {@link #act}
 * runs the command the reply names, {@link #remember} records the step.
 */
final class LinuxSteps {
    /** Where the reply's tool call is: UFO's Linux replies nest it under {@code action}. */
    private static final String ACTION = "/action";
    /** The shell's tool that runs a command line. */
    private static final String EXECUTE = "execute_command";

    private LinuxSteps() {}

    /**
     * What the action phase ran and what came of it.
     *
     * @param action the tool call the reply asked for
     * @param result what the driver did, or why the call was not made
     */
    record Executed(Action action, ActionResult result) {}

    /** DATA_COLLECTION: the prompt, from the request, the plan, the blackboard and the last results (UFO's Linux agent observes no screen). */
    static List<ChatMessage> observe(LinuxAgent agent, Context context) {
        return LinuxPrompt.messages(agent, context);
    }

    /** LLM_INTERACTION: asks through the agent's reply guard and sets the agent's status from the reply. */
    static AgentReply ask(LinuxAgent agent, Context context, List<ChatMessage> messages) throws LlmException {
        agent.listener().asking(agent.steps().size() + 1);
        AgentReply reply = agent.guard().ask(LinuxAgentStatus.CONTINUE, messages, LinuxPrompt.SCHEMA);
        agent.setStatus(reply.status());
        return reply;
    }

    /**
     * ACTION_EXECUTION: turns the reply's {@code action.function} and {@code action.arguments} into an
     * {@link Action} and runs it on the agent's driver; a reply without a function (a {@code FINISH}
     * that only reports) runs nothing. Arguments that are not an object are a failed result the LLM
     * reads, and nothing runs.
     */
    static Optional<Executed> act(LinuxAgent agent, Context context, AgentReply reply) throws DriverException {
        Optional<Action> action = reply.action(ACTION);
        if (action.isEmpty()) {
            return Optional.empty();
        }
        Action call = action.get();
        JsonNode arguments = reply.json().at(ACTION + "/arguments");
        if (!arguments.isObject() && !arguments.isMissingNode() && !arguments.isNull()) {
            return Optional.of(new Executed(
                    call,
                    ActionResult.failed(
                            "action.arguments must be a JSON object of named arguments, got: " + arguments)));
        }
        Optional<ActionResult> refused = confirm(agent, call);
        if (refused.isPresent()) {
            return Optional.of(new Executed(call, refused.get()));
        }
        agent.listener().running(agent.steps().size() + 1, call);
        return Optional.of(
                new Executed(call, agent.driver().execute(call, agent.config().actionTimeout())));
    }

    /**
     * A command the shell admits only as unsafe runs once the user approved it: otherwise the refusal the
     * model reads. A suspending channel's {@code Waiting.Suspension} goes through: the round stops here.
     */
    private static Optional<ActionResult> confirm(LinuxAgent agent, Action call) {
        Object command = call.arguments().get("command");
        if (!EXECUTE.equals(call.function()) || !(command instanceof String line)) {
            return Optional.empty();
        }
        Optional<String> unsafe = agent.unsafeCommand(line);
        if (unsafe.isEmpty()) {
            return Optional.empty();
        }
        Decision decision = agent.user()
                .confirm(
                        "run '" + line + "'? (" + unsafe.get() + " is allowed as unsafe: it may write files or run"
                                + " programs)",
                        agent.config().userTimeout());
        if (decision == Decision.APPROVED) {
            return Optional.empty();
        }
        return Optional.of(ActionResult.failed("not run: the user "
                + (decision == Decision.REJECTED ? "rejected" : "did not answer in time, so did not approve")
                + " running '" + unsafe.get() + "'; do without it, or finish and say what is left to do"));
    }

    /**
     * MEMORY_UPDATE: records the step (the agent's steps, a blackboard trajectory), keeps the LLM's
     * plan for the next prompt, and promotes the reply's {@code result} to {@link Context#ROUND_RESULT},
     * as UFO's LinuxAgent does.
     */
    static void remember(
            LinuxAgent agent, Context context, StepRecord<List<ChatMessage>, AgentReply, Optional<Executed>> step) {
        AgentReply reply = step.decision();
        Optional<Executed> executed = step.result();
        LinuxStep done = new LinuxStep(
                context.get(Context.ROUND_STEP).orElse(0),
                reply.status(),
                reply.text("/thought"),
                executed.map(Executed::action),
                executed.map(Executed::result),
                step.total());
        agent.steps().add(done);
        agent.plan().clear();
        reply.texts("/plan").stream()
                .map(String::strip)
                .filter(item -> !item.isEmpty())
                .forEach(agent.plan()::add);
        String answer = reply.text("/result").strip();
        if (!answer.isEmpty()) {
            context.put(Context.ROUND_RESULT, answer);
        }

        Map<String, Object> trajectory = new LinkedHashMap<>();
        trajectory.put("step", done.number());
        trajectory.put("status", done.status().name());
        trajectory.put("action", done.command());
        executed.ifPresent(e -> trajectory.put("success", e.result().success()));
        agent.blackboard().addTrajectory(trajectory);
        agent.listener().stepDone(done);
    }
}
