package dev.agentfsm.agents.kit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.llm.AgentReply;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The fields of a UFO agent's reply, read once from the reply {@code ReplyGuard} accepted, so every UFO
 * agent's phases read the same record instead of JSON pointers of their own. A field the agent's schema does
 * not have (the host has no {@code save_screenshot}) is empty text or an empty list.
 *
 * @param status the status the reply chose (UFO's Status)
 * @param observation what the model saw (Observation)
 * @param thought why it chose the action (Thought)
 * @param currentSubtask the subtask the host hands on (CurrentSubtask), empty for the other agents
 * @param plan the steps still to do (Plan)
 * @param questions the questions for the user (Questions)
 * @param comment the model's comment (Comment)
 * @param result what the task or subtask produced (Result)
 * @param function the tool call the reply asks for (Function and Args), empty when it only reports
 * @param computerAction the Operator's computer action object ({@code action}), a missing node for the others
 * @param controlReannotate the controls to annotate again (ControlReannotate), empty unless the status asks for it
 * @param saveScreenshot whether the model asked to keep this step's screenshot (SaveScreenshot)
 * @param saveScreenshotReason why it asked to keep it
 */
public record UfoReply(
        Status status,
        String observation,
        String thought,
        String currentSubtask,
        List<String> plan,
        List<String> questions,
        String comment,
        String result,
        Optional<Action> function,
        JsonNode computerAction,
        List<String> controlReannotate,
        boolean saveScreenshot,
        String saveScreenshotReason) {

    /** Checks that no field is null and copies the lists. */
    public UfoReply {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(observation, "observation");
        Objects.requireNonNull(thought, "thought");
        Objects.requireNonNull(currentSubtask, "currentSubtask");
        plan = List.copyOf(plan);
        questions = List.copyOf(questions);
        Objects.requireNonNull(comment, "comment");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(computerAction, "computerAction");
        controlReannotate = List.copyOf(controlReannotate);
        Objects.requireNonNull(saveScreenshotReason, "saveScreenshotReason");
    }

    /**
     * Reads the reply's fields with {@link AgentReply#text} and {@link AgentReply#texts}, the one way every
     * agent reads a reply's text.
     *
     * @param actionPointer where the reply's {@code function} and {@code arguments} are: {@code ""} for the
     *     host, whose reply has them at the top, {@code "/action"} for the AppAgent
     */
    public static UfoReply of(AgentReply reply, String actionPointer) {
        return new UfoReply(
                reply.status(),
                reply.text("/observation"),
                reply.text("/thought"),
                reply.text("/current_subtask"),
                reply.texts("/plan"),
                reply.texts("/questions"),
                reply.text("/comment"),
                reply.text("/result"),
                reply.action(actionPointer),
                reply.json().path("action"),
                reply.texts("/control_reannotate"),
                reply.json().at("/save_screenshot/save").asBoolean(false),
                reply.text("/save_screenshot/reason"));
    }
}
