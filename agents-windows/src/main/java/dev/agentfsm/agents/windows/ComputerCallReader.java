package dev.agentfsm.agents.windows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.agents.windows.screen.ComputerAction;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.LlmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a response of OpenAI's Responses API ({@code POST /v1/responses} with the
 * {@code computer_use_preview} tool) into the Operator's {@link OperatorDecision}.
 *
 * <p>The shape followed is OpenAI's API reference for the Response object and the computer-use guide
 * for the {@code computer-use-preview} model (the 2025-03-11 snapshot): a response has an {@code id}, a
 * {@code status} and an {@code output} array of items, of which this reads
 *
 * <ul>
 *   <li>{@code reasoning}: its {@code summary} texts ({@code summary_text}) become the step's thought;
 *   <li>{@code message}: its {@code content} of {@code output_text} (or {@code refusal}) parts;
 *   <li>{@code computer_call}: {@code call_id}, one {@code action} ({@code click} with {@code button},
 *       {@code x}, {@code y}; {@code double_click}; {@code type} with {@code text}; {@code keypress}
 *       with {@code keys}; {@code scroll} with {@code x}, {@code y}, {@code scroll_x}, {@code scroll_y};
 *       {@code drag} with {@code path} of {@code {x, y}}; {@code move}; {@code screenshot};
 *       {@code wait}), {@code pending_safety_checks} of {@code {id, code, message}}, and {@code status}.
 * </ul>
 *
 * <p>Not the later {@code computer} tool, whose {@code computer_call} carries a batch of
 * {@code actions}: such a call is read as an {@link ComputerAction.Unreadable} naming the field.
 *
 * <p>The decision: a {@code computer_call} with pending safety checks is CONFIRM (the action waits
 * for the user, who acknowledges the checks by approving it), one without is CONTINUE; a response
 * with a message and no {@code computer_call} is FINISH, the message being what the subtask produced
 * (the model has answered, or asks something: the computer-use model has no other way to stop). The
 * actions map to the same {@link ComputerAction} values as the chat-completions path's replies
 * ({@link ComputerActionReader}); {@code screenshot} is no action (every step sends a new screenshot
 * anyway), {@code button: wheel} is the middle button. An action the Operator cannot run ({@code move},
 * an unknown type, a missing or mistyped field) is an {@link ComputerAction.Unreadable} naming the
 * item and the field: it fails when run, nothing is done, and the call is still answered with the
 * screen, so the model can correct itself. What makes the response unusable (not JSON, no {@code id},
 * a failed or incomplete response, an item without a type, a call without {@code call_id}, an item of
 * a kind the Operator never asked for, two calls, neither a call nor a message) is an
 * {@link LlmException} naming the item and the field.
 */
final class ComputerCallReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The action types of the {@code computer_use_preview} tool, as OpenAI documents them. */
    static final List<String> ACTION_TYPES =
            List.of("click", "double_click", "drag", "keypress", "move", "screenshot", "scroll", "type", "wait");
    /** The most of the server's text an exception or a reason quotes. */
    private static final int SHOWN = 300;

    /**
     * A safety check the API raised on a call; approving the call acknowledges it.
     *
     * @param id the check's id, sent back in {@code acknowledged_safety_checks}
     * @param code its kind, such as {@code malicious_instructions}; empty when the API gave none
     * @param message what it found, for the user; empty when the API gave none
     */
    record SafetyCheck(String id, String code, String message) {
        SafetyCheck {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(message, "message");
        }

        /** For the user who confirms: {@code safety check malicious_instructions: ...}. */
        String describe() {
            return "safety check " + (code.isEmpty() ? id : code) + (message.isEmpty() ? "" : ": " + message);
        }
    }

    /**
     * A {@code computer_call} item, read.
     *
     * @param callId what its {@code computer_call_output} must name
     * @param action the action; empty for {@code screenshot}
     * @param safetyChecks the checks the user must acknowledge before it runs
     */
    record Call(String callId, Optional<ComputerAction> action, List<SafetyCheck> safetyChecks) {
        Call {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(action, "action");
            safetyChecks = List.copyOf(safetyChecks);
        }
    }

    /**
     * One response, read.
     *
     * @param responseId the response's id, the next request's {@code previous_response_id}
     * @param call its computer call, if it has one
     * @param message the text of its messages; empty when it has none
     * @param reasoning the text of its reasoning summaries; empty when it has none
     */
    record Turn(String responseId, Optional<Call> call, String message, String reasoning) {
        Turn {
            Objects.requireNonNull(responseId, "responseId");
            Objects.requireNonNull(call, "call");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(reasoning, "reasoning");
        }

        /** The Operator's decision: CONFIRM for a call with safety checks, CONTINUE for another, FINISH for a message. */
        OperatorDecision decision() {
            String thought = String.join(
                    "\n",
                    List.of(reasoning, message).stream()
                            .filter(t -> !t.isBlank())
                            .toList());
            if (call.isEmpty()) {
                return new OperatorDecision(
                        OperatorAgentStatus.FINISH, Optional.empty(), reasoning, List.of(), List.of(), message);
            }
            return new OperatorDecision(
                    call.get().safetyChecks().isEmpty() ? OperatorAgentStatus.CONTINUE : OperatorAgentStatus.CONFIRM,
                    call.get().action(),
                    thought,
                    List.of(),
                    List.of(),
                    "");
        }
    }

    private ComputerCallReader() {}

    /**
     * Reads a response body.
     *
     * @param source what answered, for the messages (such as {@code the Responses API (model computer-use-preview)})
     * @throws LlmException naming the item and the field when the response cannot be used
     */
    static Turn read(String body, String source) throws LlmException {
        JsonNode response;
        try {
            response = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new LlmException(source + " answered with a body that is not JSON (" + e.getOriginalMessage() + "): "
                    + SafeText.cut(body, SHOWN));
        }
        if (response == null || !response.isObject()) {
            throw new LlmException(
                    source + " answered with JSON that is not a response object: " + SafeText.cut(body, SHOWN));
        }
        String id = text(response, "id")
                .orElseThrow(() -> new LlmException(source + " answered a response without an id (a text), which the"
                        + " next step's previous_response_id needs: " + SafeText.cut(body, SHOWN)));
        String where = source + "'s response " + id;
        checkStatus(response, where);
        JsonNode output = response.path("output");
        if (!output.isArray()) {
            throw new LlmException(
                    where + " has no output array of items; got " + shown(output.isMissingNode() ? null : output));
        }
        Optional<Call> call = Optional.empty();
        List<String> messages = new ArrayList<>();
        List<String> reasoning = new ArrayList<>();
        for (int i = 0; i < output.size(); i++) {
            JsonNode item = output.get(i);
            String name = "output[" + i + "]";
            Optional<String> type = item.isObject() ? text(item, "type") : Optional.empty();
            if (type.isEmpty()) {
                throw new LlmException(where + ": " + name + " is not an item with a type (reasoning, message,"
                        + " computer_call): " + shown(item));
            }
            switch (type.get()) {
                case "reasoning" -> reasoning.addAll(summaries(item));
                case "message" -> messages.add(message(item, where + ": " + name + " (message)"));
                case "computer_call" -> {
                    if (call.isPresent()) {
                        throw new LlmException(where + ": " + name + " is a second computer_call after "
                                + call.get().callId() + "; the Operator runs one action a step and answers one call");
                    }
                    call = Optional.of(call(item, where, name));
                }
                default ->
                    throw new LlmException(where + ": " + name + " is an item of type '" + SafeText.cut(type.get(), 60)
                            + "', which the Operator did not ask for (it reads reasoning, message and computer_call)");
            }
        }
        if (call.isEmpty() && messages.isEmpty()) {
            throw new LlmException(where + " has neither a computer_call nor a message in its output (" + output.size()
                    + (output.size() == 1 ? " item" : " items") + "), so it neither acts nor answers");
        }
        return new Turn(id, call, String.join("\n", messages), String.join("\n", reasoning));
    }

    /** A response that failed or was cut off is no answer: the status and the API's reason. */
    private static void checkStatus(JsonNode response, String where) throws LlmException {
        JsonNode status = response.path("status");
        if (status.isMissingNode() || status.isNull() || status.asText().equals("completed")) {
            return;
        }
        String reason = text(response.path("error"), "message")
                .or(() -> text(response.path("incomplete_details"), "reason"))
                .orElse("no reason given");
        throw new LlmException(where + " has status " + shown(status) + ", not completed: "
                + SafeText.cut(reason, SHOWN) + "; nothing of it is run");
    }

    private static List<String> summaries(JsonNode item) {
        List<String> texts = new ArrayList<>();
        for (JsonNode summary : item.path("summary")) {
            text(summary, "text").filter(t -> !t.isBlank()).ifPresent(texts::add);
        }
        return texts;
    }

    private static String message(JsonNode item, String where) throws LlmException {
        JsonNode content = item.path("content");
        if (!content.isArray()) {
            throw new LlmException(
                    where + " has no content array of parts; got " + shown(content.isMissingNode() ? null : content));
        }
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < content.size(); i++) {
            JsonNode part = content.get(i);
            String type = part.path("type").asText("");
            Optional<String> text =
                    switch (type) {
                        case "output_text" -> text(part, "text");
                        case "refusal" -> text(part, "refusal").map(r -> "The model refused: " + r);
                        default -> Optional.empty();
                    };
            if (text.isEmpty()) {
                throw new LlmException(where + ": content[" + i + "] is not an output_text with a text or a refusal"
                        + " with a refusal; got " + shown(part));
            }
            texts.add(text.get());
        }
        return String.join("\n", texts).strip();
    }

    /** The computer call at {@code output[i]}, named {@code name}. */
    private static Call call(JsonNode item, String where, String name) throws LlmException {
        String callId = text(item, "call_id")
                .filter(t -> !t.isBlank())
                .orElseThrow(() -> new LlmException(where + ": " + name + " (computer_call) has no call_id (a text),"
                        + " so its computer_call_output cannot name it: " + shown(item)));
        String itemName = name + " (computer_call " + SafeText.cut(callId, 60) + ")";
        JsonNode status = item.path("status");
        if (!status.isMissingNode() && !status.isNull() && !status.asText().equals("completed")) {
            throw new LlmException(where + ": " + itemName + " has status " + shown(status)
                    + ", not completed; an unfinished call is not run");
        }
        JsonNode checks = item.path("pending_safety_checks");
        List<SafetyCheck> safetyChecks = new ArrayList<>();
        if (!checks.isMissingNode() && !checks.isNull()) {
            if (!checks.isArray()) {
                throw new LlmException(
                        where + ": " + itemName + " has pending_safety_checks that are not a list: " + shown(checks));
            }
            for (int i = 0; i < checks.size(); i++) {
                JsonNode check = checks.get(i);
                Optional<String> id = text(check, "id").filter(t -> !t.isBlank());
                if (id.isEmpty()) {
                    throw new LlmException(where + ": " + itemName + " has pending_safety_checks[" + i
                            + "] without an id (a text), so it cannot be acknowledged: " + shown(check));
                }
                safetyChecks.add(new SafetyCheck(
                        id.get(),
                        text(check, "code").orElse(""),
                        text(check, "message").orElse("")));
            }
        }
        return new Call(callId, action(item, itemName), safetyChecks);
    }

    /** The call's action in the Operator's terms; an {@link ComputerAction.Unreadable} naming the field when it cannot run. */
    private static Optional<ComputerAction> action(JsonNode item, String name) {
        JsonNode action = item.path("action");
        if (!action.isObject()) {
            String got = item.has("actions")
                    ? "a batch of actions (the later computer tool's shape), not one action as computer_use_preview"
                            + " sends; the Operator runs one action a step"
                    : action.isMissingNode() ? "none" : action.toString();
            return Optional.of(new ComputerAction.Unreadable(
                    name + ": action must be one action object with a type; got " + SafeText.cut(got, SHOWN),
                    item.toString()));
        }
        JsonNode type = action.path("type");
        if (!type.isTextual() || !ACTION_TYPES.contains(type.asText())) {
            return Optional.of(unreadable(
                    action,
                    name + ": action.type " + (type.isMissingNode() ? "is missing" : shown(type) + " is unknown")
                            + "; the computer-use actions are " + String.join(", ", ACTION_TYPES)));
        }
        switch (type.asText()) {
            case "screenshot" -> {
                return Optional.empty(); // the next step sends the screen in the call's output
            }
            case "move" -> {
                return Optional.of(unreadable(
                        action,
                        name + ": action move cannot run here: the desktop driver acts on controls and has no"
                                + " pointer to move without clicking; click, type, press keys or drag instead"));
            }
            default -> {
                ObjectNode normalized = action.deepCopy();
                if (normalized.path("button").asText("").equals("wheel")) {
                    normalized.put("button", "middle"); // the API's name for the middle button
                }
                Optional<ComputerAction> read = ComputerActionReader.parse(normalized);
                if (read.isPresent() && read.get() instanceof ComputerAction.Unreadable unreadable) {
                    return Optional.of(unreadable(action, name + ": action " + unreadable.reason()));
                }
                return read;
            }
        }
    }

    private static ComputerAction.Unreadable unreadable(JsonNode action, String reason) {
        return new ComputerAction.Unreadable(reason, action.toString());
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    private static String shown(JsonNode node) {
        return node == null ? "none" : SafeText.cut(node.toString(), SHOWN);
    }
}
