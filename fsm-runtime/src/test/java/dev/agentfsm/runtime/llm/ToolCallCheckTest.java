package dev.agentfsm.runtime.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.ReplyRejectedException;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ReplyGuard.ReplyRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ToolCallCheckTest {
    private static final List<ChatMessage> PROMPT = List.of(ChatMessage.user("List the files."));

    private static final ToolSpec LS = new ToolSpec("ls", "List a directory", Map.of("path", "the directory"));
    /** A tool with a JSON Schema: {@code path} required, other arguments allowed. */
    private static final ToolSpec RM = new ToolSpec(
            "rm",
            "Remove a file",
            Map.of("path", "the file"),
            Optional.of("{\"type\": \"object\", \"properties\": {\"path\": {\"type\": \"string\"}},"
                    + " \"required\": [\"path\"]}"));
    /** A tool with a closed JSON Schema: no argument but {@code text}. */
    private static final ToolSpec ECHO = new ToolSpec(
            "echo",
            "Print a text",
            Map.of(),
            Optional.of("{\"type\": \"object\", \"properties\": {\"text\": {\"type\": \"string\"}},"
                    + " \"additionalProperties\": false}"));

    private static String call(String function, String arguments) {
        return "{\"action\": {\"function\": \"" + function + "\", \"arguments\": " + arguments
                + ", \"status\": \"CONTINUE\"}}";
    }

    private static ReplyGuard guard(ScriptedModel llm, int reasks) {
        return ReplyGuard.of(llm, "/action/status", reasks)
                .with(ReplyRule.toolCalls("/action", () -> List.of(LS, RM, ECHO)));
    }

    /** The correction the guard sent after the first reply. */
    private static String correction(ScriptedModel llm) {
        return correction(llm.requests());
    }

    /** The correction sent with the second of {@code requests}. */
    private static String correction(List<LlmRequest> requests) {
        List<ChatMessage> second = requests.get(1).messages();
        return second.get(second.size() - 1).text();
    }

    @Test
    void aCallWithAnArgumentTheToolDoesNotTakeIsReaskedAndNeverReturned() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(call("ls", "{\"dir\": \".\"}"), call("ls", "{\"path\": \".\"}")));

        AgentReply reply = guard(llm, 1).ask(AppStatus.CONTINUE, PROMPT);

        assertEquals(".", reply.json().at("/action/arguments/path").textValue());
        assertTrue(
                correction(llm)
                        .startsWith("Your reply was rejected: the tool ls has no argument \"dir\"; its arguments are"
                                + " path."),
                correction(llm));
    }

    @Test
    void aCallToAToolTheStateDoesNotOfferIsReasked() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(call("run_shell", "{}"), call("ls", "{}")));

        guard(llm, 1).ask(AppStatus.CONTINUE, PROMPT);

        assertTrue(
                correction(llm)
                        .contains("the tool \"run_shell\" at /action/function is not offered in state CONTINUE;"
                                + " the tools offered are: ls, rm, echo"),
                correction(llm));
    }

    @Test
    void aSchemasRequiredArgumentMustBeThereAndItsOtherArgumentsAreAllowed() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(
                List.of(call("rm", "{\"force\": true}"), call("rm", "{\"path\": \"a.txt\", \"force\": true}")));

        guard(llm, 1).ask(AppStatus.CONTINUE, PROMPT);

        assertTrue(
                correction(llm).contains("the tool rm needs the argument \"path\"; its arguments are path"),
                correction(llm));
    }

    @Test
    void aClosedSchemaRefusesOtherArguments() {
        ScriptedModel llm = ScriptedModel.of(List.of(call("echo", "{\"txt\": \"hi\"}")));

        ReplyRejectedException e =
                assertThrows(ReplyRejectedException.class, () -> guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT));

        assertTrue(
                e.getMessage()
                        .contains("rejected after 0 re-asks: the tool echo has no argument \"txt\"; its arguments"
                                + " are text"),
                e.getMessage());
    }

    @Test
    void anArgumentGivenAsNullCountsAsLeftOut() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(
                call("ls", "{\"path\": \"logs\", \"colour\": null}"),
                call("rm", "{\"path\": null}"),
                call("rm", "{\"path\": \"a.txt\"}")));

        guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT); // an argument ls does not take, but null
        guard(llm, 1).ask(AppStatus.CONTINUE, PROMPT);

        assertTrue(correction(llm.requests().subList(1, 3)).contains("the tool rm needs the argument \"path\""));
    }

    @Test
    void argumentsThatAreNotAnObjectAreReasked() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(call("ls", "\"-la\""), call("ls", "{}")));

        guard(llm, 1).ask(AppStatus.CONTINUE, PROMPT);

        assertTrue(
                correction(llm)
                        .contains("the arguments at /action/arguments must be a JSON object of named arguments,"
                                + " not \"-la\""),
                correction(llm));
    }

    @Test
    void aReplyWithoutAToolCallOrWithAGoodOnePassesAtOnce() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(
                "{\"action\": {\"function\": \"\", \"status\": \"FINISH\"}}",
                call("ls", "{\"path\": \"logs\"}"),
                "{\"action\": {\"function\": \"ls\", \"status\": \"CONTINUE\"}}"));

        guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT);
        guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT);
        guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT); // no arguments: none is required

        assertEquals(3, llm.requests().size());
    }

    @Test
    void aToolPointerMustBeAJsonPointer() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ReplyRule.toolCalls("action", () -> List.of(LS)));

        assertEquals(
                "\"action\" is not a JSON pointer; write it as \"/action\", or \"\" for the reply's top level",
                e.getMessage());
    }
}
