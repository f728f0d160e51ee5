package dev.agentfsm.agents.kit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.AgentReply;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * @param function the tool call the reply asks for (Function and Args), empty when it only reports; for a
 *     list of actions, the first one's
 * @param actions every action the reply asks for, in order, each with its own status: one for a reply whose
 *     {@code action} is an object (or a host's, whose function is at the top), with the reply's status;
 *     one per element when it is a list (UFO's {@code List[ActionCommandInfo]}), whose last element's status
 *     is the reply's
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
        List<ReplyAction> actions,
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
        actions = List.copyOf(actions);
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
        List<ReplyAction> actions = actions(reply, actionPointer);
        return new UfoReply(
                reply.status(),
                reply.text("/observation"),
                reply.text("/thought"),
                reply.text("/current_subtask"),
                reply.texts("/plan"),
                reply.texts("/questions"),
                reply.text("/comment"),
                reply.text("/result"),
                actions.get(0).function(),
                actions,
                reply.json().path("action"),
                reply.texts("/control_reannotate"),
                reply.json().at("/save_screenshot/save").asBoolean(false),
                reply.text("/save_screenshot/reason"));
    }

    /** Whether the reply asks for more than one action (a list of them). */
    public boolean severalActions() {
        return actions.size() > 1;
    }

    private static List<ReplyAction> actions(AgentReply reply, String actionPointer) {
        JsonNode action = reply.json().at(actionPointer);
        if (!action.isArray() || action.isEmpty()) {
            return List.of(new ReplyAction(reply.action(actionPointer), reply.status()));
        }
        List<ReplyAction> actions = new ArrayList<>();
        for (int i = 0; i < action.size(); i++) {
            String element = actionPointer + "/" + i;
            int number = i + 1;
            String status = reply.text(element + "/status").strip().toUpperCase(Locale.ROOT);
            Status parsed = i == action.size() - 1
                    ? reply.status()
                    : reply.status()
                            .machine()
                            .table()
                            .parse(status)
                            .orElseThrow(
                                    () -> new IllegalArgumentException(
                                            "action " + number + " of the reply has the status \""
                                                    + SafeText.line(status, 80)
                                                    + "\", which is no status of "
                                                    + reply.status().machine().name()
                                                    + "; check each action's status before reading the reply (ReplyGuard.with)"));
            actions.add(new ReplyAction(reply.action(element), parsed));
        }
        return actions;
    }

    /**
     * One of the actions a reply asks for (UFO's {@code ActionCommandInfo}).
     *
     * @param function the tool call, empty for an action that only reports a status
     * @param status the action's own status
     */
    public record ReplyAction(Optional<Action> function, Status status) {
        /** Checks that no field is null. */
        public ReplyAction {
            Objects.requireNonNull(function, "function");
            Objects.requireNonNull(status, "status");
        }
    }
}
