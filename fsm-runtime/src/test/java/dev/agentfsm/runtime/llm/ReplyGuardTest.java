package dev.agentfsm.runtime.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.ReplyRejectedException;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReplyGuardTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OFFERED = "CONTINUE, SCREENSHOT, FINISH, FAIL, PENDING, CONFIRM";
    private static final String VALID = "the status at /action/status must be one of: " + OFFERED + ".";
    private static final List<ChatMessage> PROMPT =
            List.of(ChatMessage.system("You operate Notepad."), ChatMessage.user("Save the file."));

    private final JsonNode schema = json(
            """
            {"type": "object", "required": ["action"],
             "properties": {"observation": {"type": "string"},
                            "action": {"type": "object", "required": ["function", "status"],
                                       "properties": {"function": {"type": "string"},
                                                      "status": {"type": "string"}}}}}
            """);

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String reply(String status) {
        return "{\"observation\": \"Notepad is open\", \"action\": {\"function\": \"click\", \"status\": \"" + status
                + "\"}}";
    }

    private ReplyGuard guard(ScriptedModel llm, int reasks) {
        return ReplyGuard.of(llm, "/action/status", reasks);
    }

    @Test
    void offersTheSameMachineTargetsTheModelMayChoose() {
        ReplyGuard guard = guard(ScriptedModel.of(List.of()), 3);

        assertEquals(
                List.of(
                        AppStatus.CONTINUE,
                        AppStatus.SCREENSHOT,
                        AppStatus.FINISH,
                        AppStatus.FAIL,
                        AppStatus.PENDING,
                        AppStatus.CONFIRM),
                guard.offeredStatuses(AppStatus.CONTINUE),
                "ERROR is entered by the system, never chosen by the model");
        assertEquals(List.of(), guard.offeredStatuses(AppStatus.FINISH), "hand-offs are not the model's choice");
        assertEquals(List.of(), guard.offeredStatuses(AppStatus.CONFIRM), "the user decides CONFIRM");
        assertEquals(
                List.of(
                        HostStatus.CONTINUE,
                        HostStatus.ASSIGN,
                        HostStatus.FINISH,
                        HostStatus.PENDING,
                        HostStatus.CONFIRM),
                guard.offeredStatuses(HostStatus.CONTINUE),
                "the statuses of the asking machine");
    }

    @Test
    void aGuardOfferingTheDevicesToolsPutsThoseTheStateChoosesInEveryRequest() throws LlmException {
        ToolSpec ls = new ToolSpec("ls", "List a directory", Map.of("path", "the directory"));
        ToolSpec rm = new ToolSpec("rm", "Remove a file", Map.of("path", "the file"));
        ScriptedModel llm = ScriptedModel.of(List.of("not json", reply("FINISH")));

        guard(llm, 3).offering(() -> List.of(ls, rm)).ask(AppStatus.CONTINUE, PROMPT, schema);

        // a state without @Tools offers every tool the device has; the re-ask offers them again
        assertEquals(2, llm.requests().size());
        assertEquals(List.of(ls, rm), llm.requests().get(0).tools());
        assertEquals(List.of(ls, rm), llm.requests().get(1).tools());

        ScriptedModel plain = ScriptedModel.of(List.of(reply("FINISH")));
        guard(plain, 3).ask(AppStatus.CONTINUE, PROMPT, schema);
        assertEquals(List.of(), plain.requests().get(0).tools());
    }

    @Test
    void acceptsAValidReplyAtOnceAndOffersOnlyTheAllowedStatuses() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("FINISH")));

        AgentReply accepted = guard(llm, 3).ask(AppStatus.CONTINUE, PROMPT, schema);

        assertEquals(AppStatus.FINISH, accepted.status());
        assertEquals(reply("FINISH"), accepted.raw());
        assertEquals(json(reply("FINISH")), accepted.json());
        LlmRequest request = llm.requests().get(0);
        assertEquals(
                List.of(
                        ChatMessage.system("You operate Notepad."),
                        ChatMessage.user("Save the file.\n\n"
                                + "Reply with one JSON object and nothing else. The current state is CONTINUE; "
                                + VALID)),
                request.messages());
        JsonNode sent = request.responseSchema().orElseThrow();
        assertEquals(
                json("[\"CONTINUE\", \"SCREENSHOT\", \"FINISH\", \"FAIL\", \"PENDING\", \"CONFIRM\"]"),
                sent.at("/properties/action/properties/status/enum"));
        assertEquals(
                json("{\"type\": \"string\"}"),
                schema.at("/properties/action/properties/status"),
                "the caller's schema is not changed");
        assertEquals(json("{\"type\": \"string\"}"), sent.at("/properties/action/properties/function"));
    }

    @Test
    void withoutASchemaTheGuardBuildsOneThatHoldsOnlyTheStatus() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("FAIL")));

        AgentReply accepted = guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT);

        assertEquals(AppStatus.FAIL, accepted.status());
        assertEquals(
                json(
                        """
                {"type": "object", "required": ["action"],
                 "properties": {"action": {"type": "object", "required": ["status"],
                                           "properties": {"status": {"type": "string", "enum":
                                               ["CONTINUE", "SCREENSHOT", "FINISH", "FAIL", "PENDING", "CONFIRM"]}}}}}
                """),
                llm.requests().get(0).responseSchema().orElseThrow());
    }

    @Test
    void normalizesTheStatusInTheReplyAndInTheJson() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("  finish\\n")));

        AgentReply accepted = guard(llm, 3).ask(AppStatus.CONTINUE, PROMPT, schema);

        assertEquals(AppStatus.FINISH, accepted.status());
        assertEquals("FINISH", accepted.json().at("/action/status").textValue());
        assertEquals(reply("  finish\\n"), accepted.raw(), "raw is the text as the model sent it");
    }

    @Test
    void aGuardAcceptingListsReadsTheStatusOfTheLastAction() throws LlmException {
        // UFO's AppAgent reply may carry a list of actions; the agent moves by the last one once all have run
        String list = "{\"action\": [{\"function\": \"click\", \"status\": \"CONTINUE\"},"
                + " {\"function\": \"type\", \"status\": \" finish\"}]}";
        ScriptedModel llm = ScriptedModel.of(List.of("{\"action\": []}", list));

        AgentReply accepted = guard(llm, 1).acceptingLists().ask(AppStatus.CONTINUE, PROMPT, schema);

        assertEquals(AppStatus.FINISH, accepted.status());
        assertEquals("FINISH", accepted.json().at("/action/1/status").textValue(), "normalized where it was written");
        assertEquals("CONTINUE", accepted.json().at("/action/0/status").textValue());
        assertTrue(
                llm.requests()
                        .get(1)
                        .messages()
                        .get(3)
                        .text()
                        .startsWith("Your reply was rejected: it has no status at /action/status"),
                "an empty list has no status");
    }

    @Test
    void aGuardNotAcceptingListsReasksOne() {
        String list = "{\"action\": [{\"function\": \"click\", \"status\": \"FINISH\"}]}";
        ScriptedModel llm = ScriptedModel.of(List.of(list));

        ReplyRejectedException e =
                assertThrows(ReplyRejectedException.class, () -> guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT, schema));

        assertTrue(e.getMessage().contains("it has no status at /action/status"), e.getMessage());
    }

    @Test
    void acceptsAReplyInACodeFence() throws LlmException {
        String fenced = "```json\n" + reply("CONTINUE") + "\n```";
        ScriptedModel llm = ScriptedModel.of(List.of(fenced, "```\n" + reply("FAIL") + "\n```\n"));
        ReplyGuard guard = guard(llm, 0);

        AgentReply first = guard.ask(AppStatus.CONTINUE, PROMPT, schema);
        AgentReply second = guard.ask(AppStatus.CONTINUE, PROMPT, schema);

        assertEquals(AppStatus.CONTINUE, first.status());
        assertEquals(fenced, first.raw());
        assertEquals(AppStatus.FAIL, second.status());
    }

    @Test
    void malformedThenCorrected() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of("Sure! {\"action\": ", reply("CONTINUE")));

        AgentReply accepted = guard(llm, 3).ask(AppStatus.CONTINUE, PROMPT, schema);

        assertEquals(AppStatus.CONTINUE, accepted.status());
        List<ChatMessage> reasked = llm.requests().get(1).messages();
        assertEquals(4, reasked.size());
        assertEquals(llm.requests().get(0).messages(), reasked.subList(0, 2), "the re-ask continues the conversation");
        assertEquals(ChatMessage.assistant("Sure! {\"action\": "), reasked.get(2));
        String correction = reasked.get(3).text();
        assertEquals(ChatMessage.Role.USER, reasked.get(3).role());
        assertTrue(
                correction.startsWith("Your reply was rejected: it is not valid JSON (Unrecognized token 'Sure'"),
                correction);
        assertTrue(correction.endsWith(". Reply again with one JSON object and nothing else; " + VALID), correction);
    }

    /** Asks with one bad reply and one good one; checks the good one won and what the re-ask said. */
    private void assertCorrected(String bad, String good, Status expectedStatus, String problem) throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(bad, good));

        assertEquals(
                expectedStatus,
                guard(llm, 1).ask(AppStatus.CONTINUE, PROMPT, schema).status());

        assertEquals(
                ChatMessage.assistant(bad), llm.requests().get(1).messages().get(2));
        assertEquals(
                "Your reply was rejected: " + problem + ". Reply again with one JSON object and nothing else; " + VALID,
                llm.requests().get(1).messages().get(3).text());
    }

    @Test
    void missingStatusThenCorrected() throws LlmException {
        assertCorrected(
                "{\"action\": {\"function\": \"click\"}}",
                reply("FINISH"),
                AppStatus.FINISH,
                "it has no status at /action/status");
    }

    @Test
    void unknownStatusThenCorrected() throws LlmException {
        // UFO: AppAgent has no ASSIGN; UFO's lookup silently gives its none state and ends the round
        assertCorrected(
                reply("ASSIGN"), reply("CONTINUE"), AppStatus.CONTINUE, "\"ASSIGN\" is not a status of AppAgent");
    }

    @Test
    void illegalStatusThenCorrected() throws LlmException {
        // UFO: ERROR is reached only when the model literally answers ERROR; here only the system may enter it
        assertCorrected(
                reply("error"),
                reply("FAIL"),
                AppStatus.FAIL,
                "AppAgent cannot move from CONTINUE to \"ERROR\" by the model's choice");
    }

    @ParameterizedTest(name = "[{index}] {3}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            not json at all                                  | ERROR              | ''     | it is not valid JSON
            '   '                                            | ERROR              | ''     | it is empty
            [1, 2]                                           | ERROR              | ''     | it is a JSON array, not a JSON object
            {"action": {}}                                   | ERROR              | ''     | it has no status at /action/status
            {"action": {"status": 3}}                        | ERROR              | ''     | the status at /action/status is 3, not a string
            {"action": {"status": " "}}                      | ERROR              | ''     | the status at /action/status is empty
            {"action": {"status": "ok"}, "action": {}}       | ERROR              | ''     | it is not valid JSON (Duplicate field 'action')
            {"action": {"status": "FINISH"}} trailing        | ERROR              | ''     | it is not valid JSON
            Here it is: {"action": {"status": "FINISH"}}     | ERROR              | ''     | it is not valid JSON
            {"action": {"status": "assign"}}                 | UNKNOWN_STATUS     | ASSIGN | "ASSIGN" is not a status of AppAgent
            {"action": {"status": "HostAgent.CONTINUE"}}     | UNKNOWN_STATUS     | HOSTAGENT.CONTINUE | "HOSTAGENT.CONTINUE" is not a status of AppAgent
            {"action": {"status": "ERROR"}}                  | ILLEGAL_TRANSITION | ERROR  | AppAgent cannot move from CONTINUE to "ERROR" by the model's choice
            """)
    void everyReaskSpentIsRejectedWithTheMatchingOutcome(String bad, Outcome outcome, String status, String problem) {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("nope"), "{", bad));

        ReplyRejectedException e =
                assertThrows(ReplyRejectedException.class, () -> guard(llm, 2).ask(AppStatus.CONTINUE, PROMPT, schema));

        assertEquals(outcome, e.outcome(), "the last reply decides the outcome");
        assertEquals(AppStatus.CONTINUE, e.from());
        assertEquals(status, e.status());
        assertEquals(AppStatus.CONTINUE.llmTargets(), e.allowed());
        assertEquals(OFFERED, ReplyCheck.names(e.allowed()));
        assertEquals(bad, e.lastReply());
        assertEquals(3, llm.requests().size());
        assertTrue(
                e.getMessage()
                        .startsWith("AppAgent in CONTINUE: the model's reply was rejected after 2 re-asks: " + problem),
                e.getMessage());
        assertTrue(
                e.getMessage().endsWith("; the statuses offered were " + OFFERED + ". Last reply: " + bad),
                e.getMessage());
    }

    @Test
    void aRejectionNamesTheClientAndTheModelThatAnswered() {
        LlmClient named = new LlmClient() {
            @Override
            public LlmReply complete(LlmRequest request) {
                return new LlmReply(
                        reply("DONE"),
                        Optional.of("gpt-4o-2024-08-06"),
                        OptionalInt.empty(),
                        OptionalInt.empty(),
                        Optional.of("stop"));
            }

            @Override
            public String toString() {
                return "OpenAiChatModel (gpt-4o)";
            }
        };

        ReplyRejectedException e =
                assertThrows(ReplyRejectedException.class, () -> ReplyGuard.of(named, "/action/status", 1)
                        .ask(AppStatus.CONTINUE, PROMPT, schema));

        assertTrue(
                e.getMessage()
                        .endsWith("; the statuses offered were " + OFFERED
                                + "; the model: OpenAiChatModel (gpt-4o), answering as gpt-4o-2024-08-06. Last reply: "
                                + reply("DONE")),
                e.getMessage());
    }

    @Test
    void noReaskMeansTheFirstBadReplyIsFinal() {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("PAUSE"), reply("FINISH")));

        ReplyRejectedException e =
                assertThrows(ReplyRejectedException.class, () -> guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT, schema));

        assertEquals(Outcome.UNKNOWN_STATUS, e.outcome());
        assertEquals(1, llm.requests().size());
        assertTrue(e.getMessage().contains("rejected after 0 re-asks"), e.getMessage());
    }

    @Test
    void aLongLastReplyIsShortenedInTheMessageButKeptWhole() {
        String longReply = "{\"action\": {\"status\": \"ASSIGN\"}, \"thought\": \"" + "x".repeat(1000) + "\"}";
        ScriptedModel llm = ScriptedModel.of(List.of(longReply));

        ReplyRejectedException e =
                assertThrows(ReplyRejectedException.class, () -> guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT, schema));

        assertEquals(longReply, e.lastReply());
        assertTrue(e.getMessage().endsWith("... (" + longReply.length() + " chars)"), e.getMessage());
    }

    @Test
    void aHugeBadReplyIsEchoedCutOnEveryReask() throws LlmException {
        String huge = "{\"action\": {\"status\": \"CONTINUE\"}, \"thought\": \"" + "z".repeat(15 * 1024 * 1024);
        ScriptedModel llm = ScriptedModel.of(List.of(huge, huge, huge, reply("FINISH")));

        assertEquals(
                AppStatus.FINISH,
                guard(llm, 3).ask(AppStatus.CONTINUE, PROMPT, schema).status());

        for (int request = 1; request <= 3; request++) {
            int size = llm.requests().get(request).messages().stream()
                    .mapToInt(m -> m.text().length())
                    .sum();
            assertTrue(
                    size < 4 * ReplyGuard.ECHOED_REPLY_CHARS * request,
                    "request " + request + " holds " + size + " characters");
        }
        List<ChatMessage> last = llm.requests().get(3).messages();
        int echoed = last.get(last.size() - 2).text().length();
        assertTrue(echoed < ReplyGuard.ECHOED_REPLY_CHARS + 30, "the echo holds " + echoed + " characters");
        assertEquals(
                ChatMessage.assistant(
                        huge.substring(0, ReplyGuard.ECHOED_REPLY_CHARS) + "... (" + huge.length() + " chars)"),
                last.get(last.size() - 2));
        assertTrue(
                last.get(last.size() - 1)
                        .text()
                        .endsWith(" (Your reply was " + huge.length() + " characters long;" + " only its first "
                                + ReplyGuard.ECHOED_REPLY_CHARS + " are repeated above.)"),
                last.get(last.size() - 1).text());
    }

    @Test
    void aHugeOrHostileStatusIsQuotedCutAndEscaped() {
        String status = "\\u001b]52;c;" + "A".repeat(1_000_000); // a JSON escape: the status holds an ESC
        ScriptedModel llm = ScriptedModel.of(List.of(reply(status)));

        ReplyRejectedException e =
                assertThrows(ReplyRejectedException.class, () -> guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT, schema));

        assertEquals(Outcome.UNKNOWN_STATUS, e.outcome());
        assertTrue(e.getMessage().length() < 1_000, e.getMessage().length() + " characters");
        assertTrue(e.getMessage().contains("\"\\u001b]52;C;AAA"), e.getMessage());
        assertTrue(e.getMessage().chars().noneMatch(c -> c == 0x1B), e.getMessage());
    }

    @Test
    void theInstructionIsItsOwnUserMessageWhenThePromptDoesNotEndWithOne() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of("{\"status\": \"Continue\"}"));
        List<ChatMessage> prompt = List.of(ChatMessage.system("Plan the task."));

        AgentReply accepted = ReplyGuard.of(llm, "/status", 0)
                .ask(
                        AppStatus.CONTINUE,
                        prompt,
                        json(
                                "{\"type\": \"object\", \"properties\": {\"status\": {\"type\": \"string\", \"enum\": [\"X\"]}}}"));

        assertEquals(AppStatus.CONTINUE, accepted.status());
        assertEquals(
                List.of(
                        ChatMessage.system("Plan the task."),
                        ChatMessage.user("Reply with one JSON object and"
                                + " nothing else. The current state is CONTINUE; the status at /status must be one of: "
                                + OFFERED + ".")),
                llm.requests().get(0).messages());
        assertEquals(
                json("[\"CONTINUE\", \"SCREENSHOT\", \"FINISH\", \"FAIL\", \"PENDING\", \"CONFIRM\"]"),
                llm.requests().get(0).responseSchema().orElseThrow().at("/properties/status/enum"),
                "the offered statuses replace an enum the schema had");
    }

    @Test
    void theInstructionKeepsTheScreenshotOfTheLastUserMessage() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("FINISH")));
        Image screenshot = Image.png(new byte[] {1, 2, 3});

        guard(llm, 0).ask(AppStatus.CONTINUE, List.of(ChatMessage.user("What now?", List.of(screenshot))), schema);

        assertEquals(
                List.of(screenshot), llm.requests().get(0).messages().get(0).images());
    }

    @Test
    void aStateTheModelCannotMoveIsAskedNothing() {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("CONTINUE")));

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> guard(llm, 3).ask(AppStatus.PENDING, PROMPT, schema));

        assertEquals(
                "AppAgent.PENDING declares no transition by Trigger.LLM, so there is no status to ask the"
                        + " model for; declare one, or move from PENDING in code",
                e.getMessage());
        assertEquals(List.of(), llm.requests());
    }

    @Test
    void aSchemaWithoutTheStatusPropertyIsAnError() {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("CONTINUE")));
        JsonNode noStatus = json("{\"type\": \"object\", \"properties\": {\"action\": {\"type\": \"object\"}}}");

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> guard(llm, 3).ask(AppStatus.CONTINUE, PROMPT, noStatus));

        assertEquals(
                "The reply schema has no object at properties.action.properties.status, where the status pointer"
                        + " /action/status says the status is; add the property to the schema or fix the pointer",
                e.getMessage());
    }

    /** The host's CONTINUE offers five statuses; the machine describes two of them and says when to choose one. */
    private static final String HOST_CARDS =
            """
            - CONTINUE: Run the agent's four-phase step
            - ASSIGN (when an application was selected): Create or reuse the AppAgent and hand off
            - FINISH
            - PENDING
            - CONFIRM""";

    private static String hostReply(String status) {
        return "{\"observation\": \"Word and Excel\", \"status\": \"" + status + "\"}";
    }

    private static final JsonNode HOST_SCHEMA = json(
            """
            {"type": "object", "required": ["status"],
             "properties": {"observation": {"type": "string"},
                            "status": {"type": "string", "description": "what happens next"}}}
            """);

    @Test
    void thePromptShowsEachStatusWithItsWhenTextAndTheTargetsDescription() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(hostReply("ASSIGN")));

        ReplyGuard.of(llm, "/status", 0).ask(HostStatus.CONTINUE, PROMPT, HOST_SCHEMA);

        assertEquals(
                ChatMessage.user("Save the file.\n\nReply with one JSON object and nothing else. The current"
                        + " state is CONTINUE; the status at /status must be one of:\n" + HOST_CARDS),
                llm.requests().get(0).messages().get(1));
    }

    @Test
    void theSchemaDescribesEachStatusAfterThePropertysOwnDescription() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(hostReply("FINISH")));

        ReplyGuard.of(llm, "/status", 0).ask(HostStatus.CONTINUE, PROMPT, HOST_SCHEMA);

        JsonNode status = llm.requests().get(0).responseSchema().orElseThrow().at("/properties/status");
        assertEquals(json("[\"CONTINUE\", \"ASSIGN\", \"FINISH\", \"PENDING\", \"CONFIRM\"]"), status.path("enum"));
        assertEquals(
                "what happens next\n" + HOST_CARDS, status.path("description").textValue());
        assertEquals(
                "what happens next",
                HOST_SCHEMA.at("/properties/status/description").textValue(),
                "the caller's schema is not changed");
    }

    @Test
    void aSchemaWithoutADescriptionGetsTheCardsAlone() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(hostReply("FINISH")));

        ReplyGuard.of(llm, "/status", 0).ask(HostStatus.CONTINUE, PROMPT);

        assertEquals(
                HOST_CARDS,
                llm.requests()
                        .get(0)
                        .responseSchema()
                        .orElseThrow()
                        .at("/properties/status/description")
                        .textValue());
    }

    @Test
    void theReaskQuotesTheCardsAgain() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(hostReply("FAIL"), hostReply("ASSIGN")));

        AgentReply accepted = ReplyGuard.of(llm, "/status", 1).ask(HostStatus.CONTINUE, PROMPT, HOST_SCHEMA);

        assertEquals(HostStatus.ASSIGN, accepted.status());
        assertEquals(
                "Your reply was rejected: HostAgent cannot move from CONTINUE to \"FAIL\" by the model's choice."
                        + " Reply again with one JSON object and nothing else; the status at /status must be one of:\n"
                        + HOST_CARDS,
                llm.requests().get(1).messages().get(3).text());
    }

    @Test
    void aMachineThatDescribesNothingKeepsTheOneLineListAndTheBareSchema() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("FINISH")));

        guard(llm, 0).ask(AppStatus.CONTINUE, PROMPT, schema);

        assertTrue(llm.requests().get(0).messages().get(1).text().endsWith(VALID));
        assertTrue(llm.requests()
                .get(0)
                .responseSchema()
                .orElseThrow()
                .at("/properties/action/properties/status/description")
                .isMissingNode());
    }

    @Test
    void aCardSaysWhatItHas() {
        assertEquals(
                "- FAIL (when rejected)",
                StateCards.card(HostStatus.CONFIRM.moveTo(HostStatus.FAIL).orElseThrow()));
        assertEquals(
                "- CONTINUE (when approved): Run the agent's four-phase step",
                StateCards.card(HostStatus.CONFIRM.moveTo(HostStatus.CONTINUE).orElseThrow()));
        assertEquals(
                "- ASSIGN: Create or reuse the AppAgent and hand off",
                StateCards.card(new Move(HostStatus.CONTINUE, HostStatus.ASSIGN, Trigger.LLM, "  ")));
        assertEquals(
                "- FINISH",
                StateCards.card(HostStatus.CONTINUE.moveTo(HostStatus.FINISH).orElseThrow()));
    }

    @Test
    void statusSchemaRestrictsAndDescribesForAState() {
        JsonNode restricted = StatusSchema.restrict(HOST_SCHEMA, "/status", HostStatus.CONTINUE);

        assertEquals(
                json("[\"CONTINUE\", \"ASSIGN\", \"FINISH\", \"PENDING\", \"CONFIRM\"]"),
                restricted.at("/properties/status/enum"));
        assertEquals(
                "what happens next\n" + HOST_CARDS,
                restricted.at("/properties/status/description").textValue());
        assertEquals(
                json("[]"),
                StatusSchema.restrict(HOST_SCHEMA, "/status", HostStatus.ASSIGN).at("/properties/status/enum"),
                "ASSIGN offers the model nothing");
    }

    @Test
    void aStatusInsideAnArrayIsFoundInTheSchemasItems() throws LlmException {
        ScriptedModel llm = ScriptedModel.of(List.of("{\"actions\": [{\"status\": \"fail\"}]}"));
        JsonNode listSchema = json(
                """
                {"type": "object", "properties": {"actions": {"type": "array",
                  "items": {"type": "object", "properties": {"status": {"type": "string"}}}}}}
                """);

        AgentReply accepted = ReplyGuard.of(llm, "/actions/0/status", 0).ask(AppStatus.CONTINUE, PROMPT, listSchema);

        assertEquals("FAIL", accepted.json().at("/actions/0/status").textValue());
        assertEquals(
                6,
                llm.requests()
                        .get(0)
                        .responseSchema()
                        .orElseThrow()
                        .at("/properties/actions/items/properties/status/enum")
                        .size());
    }

    @Test
    void badSettingsAreRejected() {
        ScriptedModel llm = ScriptedModel.of(List.of());

        IllegalArgumentException relative =
                assertThrows(IllegalArgumentException.class, () -> ReplyGuard.of(llm, "action/status", 3));
        IllegalArgumentException root = assertThrows(IllegalArgumentException.class, () -> ReplyGuard.of(llm, "", 3));
        IllegalArgumentException reasks =
                assertThrows(IllegalArgumentException.class, () -> ReplyGuard.of(llm, "/status", -1));

        assertEquals(
                "The status pointer 'action/status' is not a JSON pointer; write it like /status or /action/status",
                relative.getMessage());
        assertEquals(
                "The status pointer '' points at the whole reply; point at the status member, like /status or"
                        + " /action/status",
                root.getMessage());
        assertEquals("reasks is -1; it counts corrective re-asks and must be 0 or more", reasks.getMessage());
    }

    @Test
    void anUnreachableModelIsNotARejection() {
        ScriptedModel llm = ScriptedModel.of(List.of(reply("PAUSE")));

        LlmException e = assertThrows(LlmException.class, () -> guard(llm, 3).ask(AppStatus.CONTINUE, PROMPT, schema));

        assertTrue(e.getMessage().startsWith("The scripted model has no reply left for request 2"), e.getMessage());
        assertEquals(2, llm.requests().size());
    }
}
