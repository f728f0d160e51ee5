package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDocument;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedSheet;
import dev.agentfsm.openai.FakeChatServer;
import dev.agentfsm.openai.OpenAiCompatibleClient;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Operator through OpenAI's Responses API on the simulated desktop: its {@link ComputerUseClient}
 * posts to a local server (fsm-runtime's {@link FakeChatServer}) that replays recorded response bodies
 * ({@code responses/*.yaml}), and each request is checked against the documented shape.
 */
class ResponsesOperatorTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DELETE = "click at (80, 64) on Button 'Delete Table' in 'Sales Report.docx - Word'"
            + " (the API's safety check malicious_instructions: We've detected instructions that may cause your"
            + " application to perform malicious or unauthorized actions. Please acknowledge this warning if you'd"
            + " like to proceed.)";

    private final FakeChatServer server = new FakeChatServer();
    private final SimulatedDocument word = SimulatedDocument.salesReport();
    private final SimulatedDesktop desktop = SimulatedDesktop.of(word, SimulatedSheet.emptyBook());
    private final OpenAiCompatibleClient openAi = OpenAiCompatibleClient.builder(
                    server.baseUrl(), "computer-use-preview")
            .apiKey(Optional.of("sk-test"))
            .maxRetries(0)
            // bounds a hang only: no reply is late on purpose, and a first call on a cold JVM can take seconds
            .timeout(Duration.ofSeconds(60))
            .build();

    ResponsesOperatorTest() throws IOException {}

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

    private OperatorAgent operator(UserChannel user) {
        return OperatorAgent.builder(desktop, openAi)
                .user(user)
                .config(Desk.config(true, false, 0))
                .responses(ComputerUseClient.of(openAi))
                .build();
    }

    private static RoundResult run(OperatorAgent operator, String request) {
        return Round.of(OperatorAgentStateManager.instance(), operator)
                .context(new Context().put(Context.REQUEST, request))
                .build()
                .run();
    }

    private JsonNode request(int n) {
        return server.received().get(n).body();
    }

    /** The text the request {@code n} adds after its {@code computer_call_output}, if any. */
    private Optional<String> note(int n) {
        JsonNode input = request(n).path("input");
        return input.size() < 2
                ? Optional.empty()
                : Optional.of(input.get(1).path("content").get(0).path("text").asText());
    }

    private static void assertScreenshot(JsonNode image) {
        assertEquals("input_image", image.path("type").asText(), image.toString());
        assertTrue(image.path("image_url").asText().startsWith("data:image/png;base64,iVBOR"), "a PNG data URL");
    }

    @Test
    void aRoundThroughTheResponsesApiActsOnEachComputerCallAndFinishesOnTheMessage() throws Exception {
        replay("operator-copy");
        OperatorAgent operator = operator(UserChannel.alwaysDeny());

        RoundResult result = run(operator, "Copy the sales table");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.FINISH",
                        "OperatorAgent.ALLFINISH"),
                result.qualifiedPath());
        assertEquals(Optional.of("The sales table is on the clipboard."), result.result());
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Copy the sales table", OperatorAgentStatus.FINISH, "The sales table is on the clipboard.")),
                result.subtasks());
        assertTrue(
                desktop.clipboard().text().startsWith("Region\tQ1\tQ2"),
                desktop.clipboard().text());

        assertEquals(5, server.received().size());
        for (FakeChatServer.Received received : server.received()) {
            assertEquals("/v1/responses", received.path(), "nothing went to chat completions");
            assertEquals(Optional.of("Bearer sk-test"), received.authorization());
        }
        JsonNode first = request(0);
        assertEquals("computer-use-preview", first.path("model").asText());
        assertEquals(
                JSON.readTree("[{\"type\": \"computer_use_preview\", \"display_width\": 1280, \"display_height\": 720,"
                        + " \"environment\": \"windows\"}]"),
                first.path("tools"));
        assertEquals(ResponsesDecisions.INSTRUCTIONS, first.path("instructions").asText());
        assertEquals(JSON.readTree("{\"summary\": \"concise\"}"), first.path("reasoning"));
        assertEquals("auto", first.path("truncation").asText());
        assertFalse(first.has("previous_response_id"), first.toString());
        JsonNode content = first.path("input").get(0).path("content");
        assertEquals("user", first.path("input").get(0).path("role").asText());
        assertEquals("input_text", content.get(0).path("type").asText());
        assertTrue(
                content.get(0).path("text").asText().startsWith("[Request:]\nCopy the sales table\n\n"),
                content.toString());
        assertTrue(content.get(0).path("text").asText().endsWith("[Screen:]\n1280x720 pixels"), content.toString());
        assertScreenshot(content.get(1));

        // each later request answers the last call with the screen, after the previous response
        List<String> ids = List.of(
                "resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b",
                "resp_67ccd2c74bb48190a7c6a1e4d2b0c3ff0bb6a6b452d3795b",
                "resp_67ccd2d0e7a48190b8f1c0d9e6f5a4b30bb6a6b452d3795b",
                "resp_67ccd2da1f8c8190a6b5c4d3e2f1a0b90bb6a6b452d3795b");
        List<String> calls = List.of(
                "call_zw3mC6NlRpQ1GZ4xyp2Bq9Af",
                "call_Kq8vHn2LtW0mYc5RdX7eJ4sB",
                "call_P3nTf9WqYb6KsLm2Vx8Rc1Dz",
                "call_Hx4Jm7NcQ2vWp9Tb5Ls3Kf8G");
        for (int n = 1; n < 5; n++) {
            JsonNode output = request(n).path("input").get(0);
            assertEquals(ids.get(n - 1), request(n).path("previous_response_id").asText());
            assertEquals("computer_call_output", output.path("type").asText());
            assertEquals(calls.get(n - 1), output.path("call_id").asText());
            assertFalse(output.has("acknowledged_safety_checks"), "no safety check was raised");
            assertScreenshot(output.path("output"));
            assertEquals(
                    ResponsesDecisions.INSTRUCTIONS,
                    request(n).path("instructions").asText(),
                    "repeated");
        }
        assertEquals(Optional.empty(), note(1), "a screenshot call does nothing to report");
        assertEquals(
                Optional.of("[Last action:]\nthe action {\"type\":\"move\",\"x\":215,\"y\":235}: failed. output[1]"
                        + " (computer_call call_Kq8vHn2LtW0mYc5RdX7eJ4sB): action move cannot run here: the desktop"
                        + " driver acts on controls and has no pointer to move without clicking; click, type, press"
                        + " keys or drag instead; nothing was done"),
                note(2));
        assertEquals(
                Optional.of("[Last action:]\ndouble-click at (215, 235) on Table 'Sales table' in"
                        + " 'Sales Report.docx - Word': done. selected the table (5 rows)"),
                note(3));
        assertTrue(
                note(4).orElseThrow().startsWith("[Last action:]\npress CTRL+C: done. copied the table:"),
                note(4).toString());
    }

    @Test
    void aSafetyCheckMakesTheClickWaitForTheUserAndApprovingItAcknowledgesTheCheck() throws Exception {
        replay("operator-delete");
        Witness user =
                new Witness(Decision.APPROVED).checking(() -> !word.table().isEmpty());

        RoundResult result = run(operator(user), "Remove the sales table");

        assertEquals(
                List.of(
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.CONFIRM",
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.FINISH",
                        "OperatorAgent.ALLFINISH"),
                result.qualifiedPath());
        assertEquals(List.of(DELETE), user.asked(), "the user read the action and the API's safety check");
        assertEquals(List.of(true), user.checked(), "asked before the click ran");
        assertEquals(List.of(), word.table(), "approved, the click ran");
        assertEquals(Optional.of("The sales table is removed."), result.result());
        assertEquals(2, server.received().size());
        JsonNode output = request(1).path("input").get(0);
        assertEquals(
                JSON.readTree("[{\"id\": \"cu_sc_67cd01a5e6f78190b4c5d6e7f8a9b0c10d1e2f3a4b5c6d7e\","
                        + " \"code\": \"malicious_instructions\", \"message\": \"We've detected instructions that may"
                        + " cause your application to perform malicious or unauthorized actions. Please acknowledge"
                        + " this warning if you'd like to proceed.\"}]"),
                output.path("acknowledged_safety_checks"));
        assertEquals("call_Rt5Yb8Nk2Wq7Lm3Vc9Xs4Pd1", output.path("call_id").asText());
        assertEquals(Optional.of("[Last action:]\n" + DELETE + ": done. deleted the table"), note(1));
    }

    @Test
    void aRejectedSafetyCheckNeverRunsTheClickNorAcknowledgesIt() throws Exception {
        replay("operator-delete");
        Witness user =
                new Witness(Decision.REJECTED).checking(() -> !word.table().isEmpty());

        RoundResult result = run(operator(user), "Remove the sales table");

        assertEquals(
                List.of(
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.CONFIRM",
                        "OperatorAgent.FINISH",
                        "OperatorAgent.ALLFINISH"),
                result.qualifiedPath());
        assertEquals(5, word.table().size(), "the table is still there");
        assertFalse(
                desktop.log().stream().anyMatch(l -> l.endsWith("Delete Table")),
                desktop.log().toString());
        assertEquals(1, server.received().size(), "the conversation ends: nothing acknowledges the check");
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Remove the sales table",
                        OperatorAgentStatus.FINISH,
                        DELETE + ": rejected by the user; it did not run")),
                result.subtasks());
    }

    @Test
    void aResetStartsANewConversation() throws Exception {
        replay("operator-copy");
        OperatorAgent operator = operator(UserChannel.alwaysDeny());
        run(operator, "Copy the sales table");
        server.answer(FakeChatServer.status(
                200,
                "{\"id\": \"resp_2\", \"object\": \"response\", \"status\": \"completed\", \"output\": [{\"type\":"
                        + " \"message\", \"id\": \"msg_2\", \"role\": \"assistant\", \"content\": [{\"type\":"
                        + " \"output_text\", \"text\": \"Nothing to do.\", \"annotations\": []}]}]}"));

        operator.reset();
        RoundResult again = run(operator, "Look at the screen");

        assertEquals(Outcome.COMPLETED, again.outcome(), again.reason());
        JsonNode request = request(5);
        assertFalse(request.has("previous_response_id"), request.toString());
        assertEquals("user", request.path("input").get(0).path("role").asText(), "the task again, not a call output");
    }

    @Test
    void aResponseTheOperatorCannotUseEndsInErrorNamingTheItem() {
        server.answer(FakeChatServer.status(
                200,
                "{\"id\": \"resp_f\", \"object\": \"response\", \"status\": \"completed\", \"output\": [{\"type\":"
                        + " \"function_call\", \"id\": \"fc_1\", \"call_id\": \"call_f\", \"name\": \"f\","
                        + " \"arguments\": \"{}\"}]}"));

        RoundResult result = run(operator(UserChannel.alwaysDeny()), "Copy the sales table");

        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(
                List.of("OperatorAgent.CONTINUE", "OperatorAgent.ERROR", "OperatorAgent.ALLFINISH"),
                result.qualifiedPath());
        assertEquals(
                "the Responses API (model computer-use-preview)'s response resp_f: output[0] is an item of type"
                        + " 'function_call', which the Operator did not ask for (it reads reasoning, message and"
                        + " computer_call)",
                result.error().orElseThrow().getMessage());
    }

    @Test
    void anHttpErrorEndsInErrorNamingTheEndpointAndTheStatus() {
        server.answer(FakeChatServer.status(
                401,
                "{\"error\": {\"message\": \"Incorrect API key provided: sk-test.\", \"type\":"
                        + " \"invalid_request_error\", \"code\": \"invalid_api_key\"}}"));

        RoundResult result = run(operator(UserChannel.alwaysDeny()), "Copy the sales table");

        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(
                "POST " + server.baseUrl() + "/responses answered HTTP 401: Incorrect API key provided: sk-test.;"
                        + " check the API key",
                result.error().orElseThrow().getMessage());
    }

    @Test
    void anEnvironmentTheToolDoesNotNameIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ComputerUseClient.of(openAi)
                .environment("android"));

        assertEquals(
                "'android' is not an environment of the computer-use tool; use one of windows, mac, linux, ubuntu,"
                        + " browser",
                e.getMessage());
        assertEquals(
                "browser", ComputerUseClient.of(openAi).environment("browser").environment());
    }
}
