package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.openai.FakeChatServer;
import dev.agentfsm.openai.OpenAiCompatibleClient;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Operators a HostAgent creates, speaking OpenAI's Responses API
 * ({@link HostAgent.Builder#operatorResponses(ComputerUseClient)}): the host's replies come from a replayed
 * chat model, the Operators' from a local server (fsm-openai's {@link FakeChatServer}) replaying recorded
 * response bodies ({@code responses/*.yaml}), on the simulated desktop.
 */
class HostOperatorResponsesTest {
    private final FakeChatServer server = new FakeChatServer();
    private final OpenAiCompatibleClient openAi = OpenAiCompatibleClient.builder(
                    server.baseUrl(), "computer-use-preview")
            .apiKey(Optional.of("sk-test"))
            .maxRetries(0)
            // bounds a hang only: no reply is late on purpose, and a first call on a cold JVM can take seconds
            .timeout(Duration.ofSeconds(60))
            .build();

    HostOperatorResponsesTest() throws IOException {}

    @AfterEach
    void stopServer() {
        server.close();
    }

    /** Scripts the server with the recorded bodies of {@code responses/<name>.yaml}, in order. */
    private void replay(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("responses/" + name + ".yaml")) {
            for (JsonNode body : new YAMLMapper().readTree(in).get("responses")) {
                server.answer(FakeChatServer.status(200, body.asText()));
            }
        }
    }

    private JsonNode request(int n) {
        return server.received().get(n).body();
    }

    private static List<String> operatorSteps(int continues) {
        List<String> path = new ArrayList<>(List.of("HostAgent.CONTINUE", "HostAgent.ASSIGN"));
        path.addAll(Collections.nCopies(continues, "OperatorAgent.CONTINUE"));
        path.add("OperatorAgent.FINISH");
        return path;
    }

    @Test
    void theHostsOperatorsDecideThroughTheResponsesApiEachInItsOwnConversation() throws Exception {
        replay("operator-copy");
        replay("host-operators");
        Desk desk = new Desk(
                "host-operator-responses",
                UserChannel.alwaysDeny(),
                Desk.config(true, false, 0),
                false,
                UnaryOperator.identity(),
                host -> host.operatorFor("WINWORD.EXE")
                        .operatorFor("EXCEL.EXE")
                        .operatorResponses(ComputerUseClient.of(openAi)));

        RoundResult result = desk.run("Put the sales table into Book1");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        List<String> path = new ArrayList<>(operatorSteps(5));
        path.addAll(operatorSteps(3));
        path.addAll(operatorSteps(1));
        path.addAll(List.of("HostAgent.CONTINUE", "HostAgent.FINISH"));
        assertEquals(path, result.qualifiedPath());
        assertEquals(Optional.of("The sales table is in Book1"), result.result());
        assertEquals(
                List.of(
                        new ArchivedSubtask(
                                "Copy the sales table",
                                OperatorAgentStatus.FINISH,
                                "The sales table is on the clipboard."),
                        new ArchivedSubtask(
                                "Paste the sales table into A1 of Book1",
                                OperatorAgentStatus.FINISH,
                                "The sales table is in A1:C5 of Book1."),
                        new ArchivedSubtask(
                                "Say whether the sales table is still in the report",
                                OperatorAgentStatus.FINISH,
                                "Yes, the sales table is still in the report.")),
                result.subtasks());

        // the actions really ran: Word's table was copied, and pasted into Excel's A1
        assertTrue(
                desk.desktop.clipboard().text().startsWith("Region\tQ1\tQ2"),
                desk.desktop.clipboard().text());
        assertEquals("Region", desk.excel.cell("A1"));
        assertEquals("120", desk.excel.cell("B2"));
        assertEquals("97", desk.excel.cell("C5"));

        // the host asked its chat model only; every Operator decision went to the Responses API
        assertEquals(0, desk.llm.remaining());
        assertEquals(4, desk.llm.requests().size(), "the host's four steps, none of the Operators'");
        assertEquals(9, server.received().size());
        for (FakeChatServer.Received received : server.received()) {
            assertEquals("/v1/responses", received.path());
        }

        // a conversation per subtask: its first request has no previous_response_id, each later one the last id
        List<Integer> firsts = List.of(0, 5, 8);
        for (int n = 0; n < 9; n++) {
            JsonNode request = request(n);
            if (firsts.contains(n)) {
                assertFalse(request.has("previous_response_id"), "a new conversation at " + n);
                assertEquals("user", request.path("input").get(0).path("role").asText(), "the task, at " + n);
            } else {
                assertTrue(request.has("previous_response_id"), "the conversation goes on at " + n);
                assertEquals(
                        "computer_call_output",
                        request.path("input").get(0).path("type").asText(),
                        "the call's output, at " + n);
            }
        }
        assertEquals(
                "resp_67ccd2da1f8c8190a6b5c4d3e2f1a0b90bb6a6b452d3795b",
                request(4).path("previous_response_id").asText());
        assertEquals(
                "resp_68a1f03c2b7481909c4e5d6f7a8b9c0d1e2f3a4b5c6d7e8f",
                request(6).path("previous_response_id").asText(),
                "Excel's Operator continues its own conversation, not Word's");
        String task = request(5)
                .path("input")
                .get(0)
                .path("content")
                .get(0)
                .path("text")
                .asText();
        assertTrue(task.contains("[Subtask:]\nPaste the sales table into A1 of Book1\n"), task);

        assertEquals(
                List.of("WINWORD.EXE/WINWORD.EXE#4120", "EXCEL.EXE/EXCEL.EXE#5210"),
                List.copyOf(desk.host.operators().keySet()),
                "Word's Operator was reused for the third subtask");
        OperatorAgent word = desk.host.operators().get("WINWORD.EXE/WINWORD.EXE#4120");
        OperatorAgent excel = desk.host.operators().get("EXCEL.EXE/EXCEL.EXE#5210");
        assertInstanceOf(ResponsesDecisions.class, word.decisions());
        assertInstanceOf(ResponsesDecisions.class, excel.decisions());
        assertNotSame(word.decisions(), excel.decisions(), "each Operator has its own conversation");
    }
}
