package dev.agentfsm.tests.ufo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.ReplyRejectedException;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ReplyGuard;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reply guard on the tables the processor generated for UFO's machines: UFO's status bugs, caught. */
class ReplyGuardOnGeneratedTablesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<ChatMessage> PROMPT = List.of(ChatMessage.user("Open Word and write a letter."));

    private static JsonNode schema(String statusParent) throws Exception {
        String status = "{\"type\": \"object\", \"properties\": {\"status\": {\"type\": \"string\"}}}";
        return JSON.readTree(
                statusParent.isEmpty()
                        ? status
                        : "{\"type\": \"object\", \"properties\": {\"" + statusParent + "\": " + status + "}}");
    }

    @Test
    void theHostIsOfferedWhatItsTableAllowsFromContinue() {
        ReplyGuard guard = ReplyGuard.of(ReplayLlmClient.of(List.of()), "/status", 3);

        // UFO's prompt offers FINISH, CONTINUE, PENDING, ASSIGN and its validator knows CONFIRM but not PENDING
        assertEquals(
                List.of(
                        HostAgentStatus.CONTINUE,
                        HostAgentStatus.ASSIGN,
                        HostAgentStatus.FINISH,
                        HostAgentStatus.PENDING,
                        HostAgentStatus.CONFIRM),
                guard.offeredStatuses(HostAgentStatus.CONTINUE));
        assertEquals(
                List.of(),
                guard.offeredStatuses(HostAgentStatus.ASSIGN),
                "ASSIGN hands off to AppAgent.CONTINUE in code");
    }

    @Test
    void anIllegalHostStatusIsCorrected() throws Exception {
        // FAIL is a HostAgent state, but the host's matrix has no CONTINUE -> FAIL
        ReplayLlmClient llm = ReplayLlmClient.of(List.of("{\"status\": \"FAIL\"}", "{\"status\": \"assign\"}"));

        AgentReply reply = ReplyGuard.of(llm, "/status", 3).ask(HostAgentStatus.CONTINUE, PROMPT, schema(""));

        assertEquals(HostAgentStatus.ASSIGN, reply.status());
        String correction = llm.requests().get(1).messages().get(2).text();
        assertTrue(
                correction.startsWith("Your reply was rejected: HostAgent cannot move from CONTINUE to \"FAIL\""),
                correction);
        // the re-ask quotes the state cards generated from the fixture's @State(description) and @Transition(when)
        assertTrue(
                correction.endsWith("must be one of:\n"
                        + "- CONTINUE: Run the agent's four-phase step\n"
                        + "- ASSIGN (when an application was selected): Create or reuse the AppAgent and hand off\n"
                        + "- FINISH\n"
                        + "- PENDING\n"
                        + "- CONFIRM"),
                correction);
    }

    @Test
    void assignInsideTheAppAgentIsAnUnknownStatus() throws Exception {
        // UFO: the AppAgent's lookup of ASSIGN silently gives its none state and the round ends
        ReplayLlmClient llm = ReplayLlmClient.of(
                List.of("{\"action\": {\"status\": \"ASSIGN\"}}", "{\"action\": {\"status\": \" Assign \"}}"));

        ReplyRejectedException e =
                assertThrows(ReplyRejectedException.class, () -> ReplyGuard.of(llm, "/action/status", 1)
                        .ask(AppAgentStatus.CONTINUE, PROMPT, schema("action")));

        assertEquals(Outcome.UNKNOWN_STATUS, e.outcome());
        assertEquals(AppAgentStatus.CONTINUE, e.from());
        assertEquals("ASSIGN", e.status());
        assertEquals(
                List.of(
                        AppAgentStatus.CONTINUE,
                        AppAgentStatus.SCREENSHOT,
                        AppAgentStatus.FINISH,
                        AppAgentStatus.FAIL,
                        AppAgentStatus.PENDING,
                        AppAgentStatus.CONFIRM),
                e.allowed());
    }

    @Test
    void aFallbackDoesNotMakeAnUnknownStatusAcceptable() throws Exception {
        // MobileAgent falls back to FAIL for an unknown status at run time; the model is still asked again
        ReplayLlmClient llm = ReplayLlmClient.of(
                List.of("{\"action\": {\"status\": \"DONE\"}}", "{\"action\": {\"status\": \"FINISH\"}}"));

        AgentReply reply = ReplyGuard.of(llm, "/action/status", 1).ask(MobileAgentStatus.CONTINUE, PROMPT);

        assertEquals(MobileAgentStatus.FINISH, reply.status());
        assertEquals(
                JSON.readTree("[\"CONTINUE\", \"FINISH\", \"FAIL\"]"),
                llm.requests().get(0).responseSchema().orElseThrow().at("/properties/action/properties/status/enum"));
    }

    @Test
    void aStateWithoutAnLlmMoveIsNotAsked() {
        ReplayLlmClient llm = ReplayLlmClient.of(List.of());
        ReplyGuard guard = ReplyGuard.of(llm, "/action/status", 3);

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> guard.ask(AppAgentStatus.SCREENSHOT, PROMPT, schema("action")));
        assertTrue(
                e.getMessage().startsWith("AppAgent.SCREENSHOT declares no transition by Trigger.LLM"), e.getMessage());
        assertEquals(List.of(), llm.requests(), "the model was not asked");
    }
}
