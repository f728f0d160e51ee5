package dev.agentfsm.agents.windows;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.agents.windows.ComputerCallReader.Call;
import dev.agentfsm.agents.windows.ComputerCallReader.SafetyCheck;
import dev.agentfsm.agents.windows.ComputerCallReader.Turn;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmException;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One Operator's conversation with the Responses API ({@link ComputerUseClient}): the first step sends
 * the task and the screen, each later step answers the last {@code computer_call} with the screen as
 * it is now, acknowledging the call's safety checks, which the Operator only reaches again once the
 * user approved the call in CONFIRM (a rejected call finishes the subtask). {@link #reset()} (a new
 * subtask, a new round) starts a new conversation.
 */
final class ResponsesDecisions implements DecisionSource {
    static final String INSTRUCTIONS =
            """
            You are an Operator: you do one subtask on a Windows desktop by acting on its screen with the \
            computer tool, as a person does with a mouse and a keyboard. Coordinates are pixels of the \
            screenshot from its top-left corner. The desktop acts on controls: click on buttons, fields and \
            cells; typing goes where the last click put the focus; a drag selects the range between two cells; \
            the pointer cannot move without clicking. After each action you get the new screenshot and a line \
            saying what the action did. When the subtask is done or cannot be done, answer with a message \
            saying what it produced, and no action.""";

    private final ComputerUseClient client;
    private Optional<String> previousResponseId = Optional.empty();
    private Optional<Call> lastCall = Optional.empty();

    ResponsesDecisions(ComputerUseClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    @Override
    public OperatorDecision decide(OperatorAgent operator, Context context, ScreenView view) throws LlmException {
        ObjectNode body = client.request(view.width(), view.height(), INSTRUCTIONS);
        previousResponseId.ifPresent(id -> body.put("previous_response_id", id));
        ArrayNode input = body.putArray("input");
        String screen = Image.png(view.screenshot()).dataUrl();
        if (lastCall.isPresent()) {
            answer(lastCall.get(), operator, input, screen);
        } else {
            ArrayNode content = input.addObject().put("role", "user").putArray("content");
            content.addObject().put("type", "input_text").put("text", task(operator, context, view));
            content.addObject().put("type", "input_image").put("image_url", screen);
        }
        Turn turn = client.create(body);
        previousResponseId = Optional.of(turn.responseId());
        lastCall = turn.call();
        return turn.decision();
    }

    /** The {@code computer_call_output} of {@code call}, and what its action did. */
    private static void answer(Call call, OperatorAgent operator, ArrayNode input, String screen) {
        ObjectNode output =
                input.addObject().put("type", "computer_call_output").put("call_id", call.callId());
        if (!call.safetyChecks().isEmpty()) {
            if (operator.rejected()) {
                // CONFIRM's rejection finishes the subtask; nothing may acknowledge the checks after it
                throw new IllegalStateException("the user rejected the call " + call.callId() + ", whose safety"
                        + " checks cannot be acknowledged; a rejected call ends the Operator's subtask");
            }
            ArrayNode acknowledged = output.putArray("acknowledged_safety_checks");
            for (SafetyCheck check : call.safetyChecks()) {
                ObjectNode ack = acknowledged.addObject().put("id", check.id());
                if (!check.code().isEmpty()) {
                    ack.put("code", check.code());
                }
                if (!check.message().isEmpty()) {
                    ack.put("message", check.message());
                }
            }
        }
        output.putObject("output").put("type", "input_image").put("image_url", screen);
        operator.gate().lastOutcome().ifPresent(outcome -> input.addObject()
                .put("role", "user")
                .putArray("content")
                .addObject()
                .put("type", "input_text")
                .put("text", new Prompt().section("Last action", outcome).text()));
    }

    /** The first request's text: the request, the subtask, what the host's blackboard holds, the screen. */
    private static String task(OperatorAgent operator, Context context, ScreenView view) {
        return new Prompt()
                .section("Request", context.get(Context.REQUEST).orElse(""))
                .section("Subtask", context.get(Context.SUBTASK).orElse(""))
                .block(operator.blackboard().toPrompt())
                .section("Screen", view.width() + "x" + view.height() + " pixels")
                .section(
                        "Window", operator.window().map(OperatorSteps::describe).orElse(""))
                .text();
    }

    @Override
    public void reset() {
        previousResponseId = Optional.empty();
        lastCall = Optional.empty();
    }

    /** The safety checks of the call whose action waits for the user, for the user to read. */
    @Override
    public String caution() {
        return lastCall.filter(call -> !call.safetyChecks().isEmpty())
                .map(call -> " (the API's "
                        + call.safetyChecks().stream()
                                .map(SafetyCheck::describe)
                                .collect(Collectors.joining("; "))
                        + ")")
                .orElse("");
    }
}
