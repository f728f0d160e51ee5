package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.agents.windows.ComputerCallReader.Call;
import dev.agentfsm.agents.windows.ComputerCallReader.SafetyCheck;
import dev.agentfsm.agents.windows.ComputerCallReader.Turn;
import dev.agentfsm.agents.windows.screen.ComputerAction;
import dev.agentfsm.agents.windows.screen.ComputerAction.Click;
import dev.agentfsm.agents.windows.screen.ComputerAction.DoubleClick;
import dev.agentfsm.agents.windows.screen.ComputerAction.Drag;
import dev.agentfsm.agents.windows.screen.ComputerAction.Keypress;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.ComputerAction.Scroll;
import dev.agentfsm.agents.windows.screen.ComputerAction.TypeText;
import dev.agentfsm.agents.windows.screen.ComputerAction.Unreadable;
import dev.agentfsm.agents.windows.screen.ComputerAction.Wait;
import dev.agentfsm.runtime.llm.LlmException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Responses API parser on recorded response bodies ({@code responses/computer-calls.yaml}): every
 * action type, safety checks to CONFIRM, a message to FINISH, and the mistakes, each named by item and
 * field.
 */
class ComputerCallReaderTest {
    private static final String SOURCE = "the Responses API (model computer-use-preview)";
    private static final JsonNode RECORDED = load();

    private static JsonNode load() {
        try (InputStream in = ComputerCallReaderTest.class.getResourceAsStream("responses/computer-calls.yaml")) {
            return new YAMLMapper().readTree(in).get("responses");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Turn read(String name) throws LlmException {
        JsonNode body = RECORDED.get(name);
        if (body == null) {
            throw new IllegalArgumentException("no recorded response " + name);
        }
        return ComputerCallReader.read(body.asText(), SOURCE);
    }

    private static Optional<ComputerAction> action(String name) throws LlmException {
        return read(name).call().orElseThrow().action();
    }

    private static String error(String name) {
        return assertThrows(LlmException.class, () -> read(name)).getMessage();
    }

    @Test
    void everyActionTypeMapsToTheOperatorsActions() throws LlmException {
        assertEquals(Optional.of(new Click(new Point(680, 142), "left")), action("click"));
        assertEquals(Optional.of(new Click(new Point(10, 20), "right")), action("right-click"));
        assertEquals(
                Optional.of(new Click(new Point(10, 20), "middle")),
                action("wheel-click"),
                "the API's wheel button is the middle one");
        assertEquals(Optional.of(new DoubleClick(new Point(215, 235))), action("double-click"));
        assertEquals(Optional.of(new TypeText("Q1 total")), action("type"));
        assertEquals(Optional.of(new Keypress(List.of("CTRL", "C"))), action("keypress"));
        assertEquals(Optional.of(new Scroll(new Point(640, 360), 0, 300)), action("scroll"));
        assertEquals(Optional.of(new Drag(List.of(new Point(680, 142), new Point(760, 166)))), action("drag"));
        assertEquals(Optional.of(new Wait()), action("wait"));
        assertEquals(Optional.empty(), action("screenshot"), "the next step's output is the screenshot");
        assertEquals(
                Optional.of(new Unreadable(
                        "output[0] (computer_call call_move): action move cannot run here: the desktop driver acts on"
                                + " controls and has no pointer to move without clicking; click, type, press keys or"
                                + " drag instead",
                        "{\"type\":\"move\",\"x\":215,\"y\":235}")),
                action("move"));
    }

    @Test
    void aCallIsContinueWithItsIdAndTheReasoningAsTheThought() throws LlmException {
        Turn turn = read("click");

        assertEquals("resp_click", turn.responseId());
        assertEquals(
                Optional.of(new Call("call_click", Optional.of(new Click(new Point(680, 142), "left")), List.of())),
                turn.call());
        assertEquals(
                new OperatorDecision(
                        OperatorAgentStatus.CONTINUE,
                        Optional.of(new Click(new Point(680, 142), "left")),
                        "Clicking cell A1.",
                        List.of(),
                        List.of(),
                        ""),
                turn.decision());
    }

    @Test
    void pendingSafetyChecksMakeTheActionWaitInConfirm() throws LlmException {
        Turn turn = read("safety-checks");

        OperatorDecision decision = turn.decision();

        assertEquals(OperatorAgentStatus.CONFIRM, decision.status());
        assertEquals(Optional.of(new Click(new Point(80, 64), "left")), decision.action());
        assertEquals(
                List.of(
                        new SafetyCheck(
                                "cu_sc_1",
                                "malicious_instructions",
                                "We've detected instructions that may cause your application to perform malicious"
                                        + " or unauthorized actions. Please acknowledge this warning if you'd like to"
                                        + " proceed."),
                        new SafetyCheck(
                                "cu_sc_2", "sensitive_domain", "You are about to act on a sensitive document.")),
                turn.call().orElseThrow().safetyChecks());
        assertEquals(
                "safety check sensitive_domain: You are about to act on a sensitive document.",
                turn.call().orElseThrow().safetyChecks().get(1).describe());
    }

    @Test
    void aMessageWithoutACallFinishesWithTheMessageAsTheResult() throws LlmException {
        assertEquals(
                new OperatorDecision(
                        OperatorAgentStatus.FINISH,
                        Optional.empty(),
                        "The chart is there.",
                        List.of(),
                        List.of(),
                        "A bar chart of A1:B2 is in Book1."),
                read("message").decision());
        assertEquals(
                "The model refused: I can't help with entering payment details.",
                read("refusal").decision().result());
        OperatorDecision both = read("message-and-call").decision();
        assertEquals(OperatorAgentStatus.CONTINUE, both.status(), "a call beside a message still acts");
        assertEquals("Opening the Insert menu first.", both.thought());
    }

    @Test
    void anActionThatCannotRunIsUnreadableNamingTheItemAndTheField() throws LlmException {
        assertEquals(
                Optional.of(new Unreadable(
                        "output[0] (computer_call call_hover): action.type \"hover\" is unknown; the computer-use"
                                + " actions are click, double_click, drag, keypress, move, screenshot, scroll, type, wait",
                        "{\"type\":\"hover\",\"x\":1,\"y\":2}")),
                action("unknown-action"));
        assertEquals(
                "output[0] (computer_call call_notype): action.type is missing; the computer-use actions are click,"
                        + " double_click, drag, keypress, move, screenshot, scroll, type, wait",
                ((Unreadable) action("no-action-type").orElseThrow()).reason());
        assertEquals(
                "output[0] (computer_call call_noy): action click needs y as a whole number of pixels, got none",
                ((Unreadable) action("click-without-y").orElseThrow()).reason());
        assertEquals(
                "output[0] (computer_call call_batch): action must be one action object with a type; got a batch of"
                        + " actions (the later computer tool's shape), not one action as computer_use_preview sends;"
                        + " the Operator runs one action a step",
                ((Unreadable) action("batched-actions").orElseThrow()).reason());
        assertEquals(
                OperatorAgentStatus.CONTINUE,
                read("unknown-action").decision().status(),
                "the call is still answered, with the reason");
    }

    @Test
    void aResponseThatCannotBeUsedIsAnErrorNamingTheItemAndTheField() {
        String at = SOURCE + "'s response ";
        assertEquals(
                SOURCE + " answered with a body that is not JSON (Unexpected character ('<' (code 60)): expected a"
                        + " valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')):"
                        + " <html><body>502 Bad Gateway</body></html>\n",
                error("not-json"));
        assertEquals(
                SOURCE + " answered a response without an id (a text), which the next step's previous_response_id"
                        + " needs: {\"object\": \"response\", \"status\": \"completed\", \"output\": []}\n",
                error("no-id"));
        assertEquals(
                at + "resp_cut has status \"incomplete\", not completed: max_output_tokens; nothing of it is run",
                error("incomplete"));
        assertEquals(
                at + "resp_failed has status \"failed\", not completed: The model failed to generate a response.;"
                        + " nothing of it is run",
                error("failed"));
        assertEquals(at + "resp_nooutput has no output array of items; got none", error("no-output"));
        assertEquals(
                at + "resp_untyped: output[0] is not an item with a type (reasoning, message, computer_call):"
                        + " {\"id\":\"cu_20\",\"call_id\":\"call_x\"}",
                error("item-without-type"));
        assertEquals(
                at + "resp_function: output[0] is an item of type 'function_call', which the Operator did not ask"
                        + " for (it reads reasoning, message and computer_call)",
                error("unknown-item"));
        assertEquals(
                at + "resp_nocallid: output[0] (computer_call) has no call_id (a text), so its computer_call_output"
                        + " cannot name it: {\"type\":\"computer_call\",\"id\":\"cu_21\",\"action\":{\"type\":\"wait\"},"
                        + "\"pending_safety_checks\":[],\"status\":\"completed\"}",
                error("call-without-call-id"));
        assertEquals(
                at + "resp_progress: output[0] (computer_call call_progress) has status \"in_progress\", not"
                        + " completed; an unfinished call is not run",
                error("call-in-progress"));
        assertEquals(
                at + "resp_two: output[1] is a second computer_call after call_one; the Operator runs one action a"
                        + " step and answers one call",
                error("two-calls"));
        assertEquals(
                at + "resp_checkid: output[0] (computer_call call_checkid) has pending_safety_checks[0] without an id"
                        + " (a text), so it cannot be acknowledged: {\"code\":\"malicious_instructions\","
                        + "\"message\":\"acknowledge me\"}",
                error("check-without-id"));
        assertEquals(
                at + "resp_nocontent: output[0] (message) has no content array of parts; got \"done\"",
                error("message-without-content"));
        assertEquals(
                at + "resp_thinking has neither a computer_call nor a message in its output (1 item), so it neither"
                        + " acts nor answers",
                error("only-reasoning"));
    }
}
