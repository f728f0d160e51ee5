package dev.agentfsm.openai;

import static dev.agentfsm.openai.FakeChatServer.reply;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link ReplyGuard} over {@link OpenAiCompatibleClient} against a server that speaks the protocol. */
class ReplyGuardOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anIllegalStatusIsCorrectedOverTheWire() throws Exception {
        JsonNode schema = JSON.readTree(
                """
                {"type": "object", "properties": {"action": {"type": "object",
                  "properties": {"status": {"type": "string"}}}}}
                """);
        try (FakeChatServer server = new FakeChatServer()) {
            server.answer(
                    reply("{\"action\": {\"status\": \"ERROR\"}}"), reply("{\"action\": {\"status\": \"Finish\"}}"));
            LlmClient llm = OpenAiCompatibleClient.builder(server.baseUrl(), "qwen2.5-vl")
                    .apiKeyFromEnv("TEST_LLM_KEY")
                    .environment(Map.of("TEST_LLM_KEY", "sk-test"))
                    .build();

            AgentReply accepted = ReplyGuard.of(llm, "/action/status", 3)
                    .ask(AppStatus.CONTINUE, List.of(ChatMessage.user("Close Notepad.")), schema);

            assertEquals(AppStatus.FINISH, accepted.status());
            List<FakeChatServer.Received> received = server.received();
            assertEquals(2, received.size());
            JsonNode reask = received.get(1).body();
            String valid = "the status at /action/status must be one of: CONTINUE, SCREENSHOT, FINISH, FAIL, PENDING,"
                    + " CONFIRM.";
            assertEquals(
                    JSON.createArrayNode()
                            .add(JSON.createObjectNode()
                                    .put("role", "user")
                                    .put(
                                            "content",
                                            "Close Notepad.\n\nReply with one"
                                                    + " JSON object and nothing else. The current state is CONTINUE; "
                                                    + valid))
                            .add(JSON.createObjectNode()
                                    .put("role", "assistant")
                                    .put("content", "{\"action\": {\"status\": \"ERROR\"}}"))
                            .add(JSON.createObjectNode()
                                    .put("role", "user")
                                    .put(
                                            "content",
                                            "Your reply was rejected: AppAgent"
                                                    + " cannot move from CONTINUE to \"ERROR\" by the model's choice. Reply again with one JSON"
                                                    + " object and nothing else; " + valid)),
                    reask.get("messages"));
            assertEquals(
                    JSON.readTree("[\"CONTINUE\", \"SCREENSHOT\", \"FINISH\", \"FAIL\", \"PENDING\", \"CONFIRM\"]"),
                    reask.at("/response_format/json_schema/schema/properties/action/properties/status/enum"));
        }
    }
}
