package dev.agentfsm.openai;

import static dev.agentfsm.openai.FakeChatServer.hang;
import static dev.agentfsm.openai.FakeChatServer.reply;
import static dev.agentfsm.openai.FakeChatServer.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiCompatibleClientTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LlmRequest HELLO =
            LlmRequest.of(List.of(ChatMessage.system("be brief"), ChatMessage.user("hi")));

    private final FakeChatServer server = new FakeChatServer();
    private final List<Duration> slept = new ArrayList<>();

    OpenAiCompatibleClientTest() throws IOException {}

    @AfterEach
    void stopServer() {
        server.close();
    }

    private OpenAiCompatibleClient.Builder client() {
        return OpenAiCompatibleClient.builder(server.baseUrl(), "qwen2.5")
                .apiKeyFromEnv("TEST_LLM_KEY")
                .environment(Map.of("TEST_LLM_KEY", "sk-test"))
                .sleeper(slept::add);
    }

    @Test
    void postsTheConversationAndReturnsTheContent() throws Exception {
        server.answer(reply("{\"status\": \"FINISH\"}"));

        LlmReply reply = client().build().complete(HELLO);

        assertEquals("{\"status\": \"FINISH\"}", reply.content());
        FakeChatServer.Received request = server.received().get(0);
        assertEquals("POST", request.method());
        assertEquals("/v1/chat/completions", request.path());
        assertEquals(Optional.of("Bearer sk-test"), request.authorization());
        assertEquals("application/json", request.contentType());
        assertEquals(
                JSON.readTree(
                        """
                {"model": "qwen2.5",
                 "messages": [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}],
                 "stream": false}
                """),
                request.body());
        assertEquals(List.of(), slept);
    }

    @Test
    void theReplyCarriesTheModelTheTokensAndTheFinishReasonTheServerGave() throws Exception {
        server.answer(
                FakeChatServer.status(
                        200,
                        """
                        {"id": "chatcmpl-2", "object": "chat.completion", "model": "qwen2.5:7b",
                         "choices": [{"index": 0, "finish_reason": "eos_token",
                                      "message": {"role": "assistant", "content": "{}"}}],
                         "usage": {"prompt_tokens": 321, "completion_tokens": 12, "total_tokens": 333}}"""),
                reply("{}"));

        LlmReply full = client().build().complete(HELLO);
        LlmReply bare = client().build().complete(HELLO);

        assertEquals(
                new LlmReply(
                        "{}",
                        Optional.of("qwen2.5:7b"),
                        OptionalInt.of(321),
                        OptionalInt.of(12),
                        Optional.of("eos_token")),
                full);
        assertEquals(
                new LlmReply("{}", Optional.empty(), OptionalInt.empty(), OptionalInt.empty(), Optional.of("stop")),
                bare,
                "what the server leaves out stays empty");
    }

    @Test
    void sendsImagesAsDataUrlParts() throws Exception {
        server.answer(reply("ok"));
        byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
        LlmRequest request = LlmRequest.of(List.of(ChatMessage.user("what is on screen?", List.of(Image.png(png)))));

        client().build().complete(request);

        assertEquals(
                JSON.readTree(
                        """
                [{"role": "user", "content": [
                    {"type": "text", "text": "what is on screen?"},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw=="}}]}]
                """),
                server.received().get(0).body().get("messages"));
    }

    @Test
    void sendsTheSchemaAsResponseFormat() throws Exception {
        server.answer(reply("{}"), reply("{}"), reply("{}"));
        JsonNode schema = JSON.readTree("{\"type\": \"object\", \"properties\": {\"status\": {\"type\": \"string\"}}}");
        LlmRequest request = new LlmRequest(HELLO.messages(), Optional.of(schema));

        client().build().complete(request);
        client().strictSchema(true).build().complete(request);
        client().structuredOutput(false).build().complete(request);

        List<FakeChatServer.Received> received = server.received();
        assertEquals(
                JSON.createObjectNode()
                        .put("type", "json_schema")
                        .set(
                                "json_schema",
                                JSON.createObjectNode()
                                        .put("name", "agent_reply")
                                        .set("schema", schema)),
                received.get(0).body().get("response_format"));
        assertEquals(JSON.readTree("true"), received.get(1).body().at("/response_format/json_schema/strict"));
        assertFalse(
                received.get(2).body().has("response_format"),
                received.get(2).body().toString());
    }

    @Test
    void sendsTheKeyInTheHeaderAzureOpenAiNamesAndKeepsTheApiVersion() throws Exception {
        server.answer(reply("ok"));
        URI deployment = URI.create(
                server.baseUrl().toString().replace("/v1", "/openai/deployments/gpt-4o") + "?api-version=2024-10-21");

        OpenAiCompatibleClient.builder(deployment, "gpt-4o")
                .apiKeyFromEnv("TEST_LLM_KEY")
                .environment(Map.of("TEST_LLM_KEY", "azure-key"))
                .apiKeyHeader("api-key")
                .build()
                .complete(HELLO);

        FakeChatServer.Received request = server.received().get(0);
        assertEquals("/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21", request.path());
        assertEquals(Optional.of("azure-key"), request.apiKey());
        assertEquals(Optional.empty(), request.authorization(), "no Bearer header beside the api-key");
    }

    @Test
    void aHeaderThatCannotCarryTheKeyIsRefusedNamingIt() {
        OpenAiCompatibleClient.Builder builder = OpenAiCompatibleClient.builder(server.baseUrl(), "llama3");
        for (String header : List.of("", "api key", "Host")) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> builder.apiKeyHeader(header));
            assertTrue(e.getMessage().startsWith("'" + header + "' cannot carry the API key: "), e.getMessage());
        }
    }

    @Test
    void sendsNoAuthorizationWithoutAKey() throws Exception {
        server.answer(reply("ok"));

        OpenAiCompatibleClient.builder(server.baseUrl(), "llama3").build().complete(HELLO);

        assertEquals(Optional.empty(), server.received().get(0).authorization());
    }

    @Test
    void retriesA429AfterTheServersRetryAfter() throws Exception {
        server.answer(
                status(429, Map.of("Retry-After", "7"), "{\"error\": {\"message\": \"slow down\"}}"), reply("done"));

        LlmReply reply = client().build().complete(HELLO);

        assertEquals("done", reply.content());
        assertEquals(List.of(Duration.ofSeconds(7)), slept);
        assertEquals(2, server.received().size());
    }

    @Test
    void aLongRetryAfterIsCappedAtAMinute() throws Exception {
        server.answer(status(503, Map.of("Retry-After", "3600"), ""), reply("done"));

        client().build().complete(HELLO);

        assertEquals(List.of(Duration.ofSeconds(60)), slept);
    }

    @Test
    void retries5xxWithExponentialBackOffThenFails() {
        server.answer(
                status(500, "{\"error\": {\"message\": \"model crashed\"}}"),
                status(502, "bad gateway"),
                status(500, "{\"error\": {\"message\": \"model crashed again\"}}"));
        OpenAiCompatibleClient client =
                client().maxRetries(2).initialBackoff(Duration.ofMillis(100)).build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions answered HTTP 500 after 3 attempts:"
                        + " model crashed again",
                e.getMessage());
        assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200)), slept);
        assertEquals(3, server.received().size());
    }

    @Test
    void anotherClientErrorIsNotRetried() {
        server.answer(
                status(400, "{\"error\": {\"message\": \"model 'qwen9' not found\", \"type\": \"invalid_request\"}}"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions answered HTTP 400: model 'qwen9' not found",
                e.getMessage());
        assertEquals(1, server.received().size());
        assertEquals(List.of(), slept);
    }

    @Test
    void anUnauthorizedAnswerPointsAtTheKeyAndOllamaStyleErrorsAreRead() {
        server.answer(status(401, "{\"error\": \"invalid api key\"}"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertTrue(e.getMessage().endsWith("answered HTTP 401: invalid api key; check the API key"), e.getMessage());
    }

    @Test
    void aSlowServerTimesOut() {
        server.answer(hang());
        OpenAiCompatibleClient client = client().timeout(Duration.ofMillis(150)).build();
        long start = System.nanoTime();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));

        Duration waited = Duration.ofNanos(System.nanoTime() - start);
        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions timed out after 150 ms; raise the time-out"
                        + " or check that the server is not overloaded",
                e.getMessage());
        // bounds a hang only: the server answers nothing until it closes, after this call, so only the time-out
        // can have ended it
        assertTrue(waited.compareTo(Duration.ofSeconds(60)) < 0, "waited " + waited);
        assertEquals(List.of(), slept);
    }

    @Test
    void aServerThatStopsSendingTheBodyTimesOutToo() throws Exception {
        try (StallingHttpServer stalling = StallingHttpServer.stallingBody()) {
            OpenAiCompatibleClient client = OpenAiCompatibleClient.builder(stalling.baseUrl(), "qwen2.5")
                    .timeout(Duration.ofMillis(300))
                    .build();
            long start = System.nanoTime();

            LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));

            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            assertEquals(
                    "POST " + stalling.baseUrl() + "/chat/completions timed out after 300 ms; raise the time-out"
                            + " or check that the server is not overloaded",
                    e.getMessage());
            // bounds a hang only: the rest of the body never comes, so only the time-out can have ended the call
            assertTrue(waited.compareTo(Duration.ofSeconds(60)) < 0, "waited " + waited);
        }
    }

    @Test
    void aBodyThatNeverEndsIsCutOffAtTheCap() throws Exception {
        try (StallingHttpServer endless = StallingHttpServer.endlessBody()) {
            OpenAiCompatibleClient client = OpenAiCompatibleClient.builder(endless.baseUrl(), "qwen2.5")
                    .timeout(Duration.ofSeconds(30))
                    .build();
            long start = System.nanoTime();

            LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));

            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(
                    e.getMessage().startsWith("POST " + endless.baseUrl() + "/chat/completions failed: "),
                    e.getMessage());
            assertTrue(
                    e.getMessage()
                            .contains("the response body is larger than " + OpenAiCompatibleClient.MAX_BODY_BYTES
                                    + " bytes"),
                    e.getMessage());
            assertTrue(waited.compareTo(Duration.ofSeconds(20)) < 0, "waited " + waited);
        }
    }

    @Test
    void aHugeInitialBackoffIsCappedAtAMinuteInsteadOfOverflowing() throws Exception {
        server.answer(status(503, "{}"), status(503, "{}"), reply("{\"status\": \"FINISH\"}"));

        LlmReply reply = client().initialBackoff(Duration.ofSeconds(Long.MAX_VALUE / 2 + 1))
                .build()
                .complete(HELLO);

        assertEquals("{\"status\": \"FINISH\"}", reply.content());
        assertEquals(List.of(Duration.ofSeconds(60), Duration.ofSeconds(60)), slept);
    }

    @Test
    void aBodyThatIsNotJsonIsShown() {
        server.answer(FakeChatServer.status(200, "<html>proxy login</html>"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertTrue(
                e.getMessage()
                        .startsWith("POST " + server.baseUrl() + "/chat/completions answered with a body"
                                + " that is not JSON"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("Body: <html>proxy login</html>"), e.getMessage());
    }

    @Test
    void aReplyWithoutContentIsShown() {
        server.answer(status(200, "{\"choices\": []}"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions answered without text in the message.content of"
                        + " its choice with index 0. Body: {\"choices\": []}",
                e.getMessage());
    }

    @Test
    void aReplyWhoseOnlyChoiceIsNotChoiceZeroSaysSo() {
        String body = "{\"choices\": [{\"index\": 1, \"message\": {\"content\": \"other\"}}]}";
        server.answer(status(200, body));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions answered without text in the message.content of"
                        + " its choice with index 0. Body: " + body,
                e.getMessage());
    }

    @Test
    void aLongBodyIsShortened() {
        String body = "{\"choices\": [{\"message\": {\"content\": null}}], \"pad\": \"" + "x".repeat(2000) + "\"}";
        server.answer(status(200, body));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertTrue(e.getMessage().endsWith("... (" + body.length() + " chars)"), e.getMessage());
        assertTrue(e.getMessage().length() < 700, e.getMessage());
    }

    @Test
    void aHugeServerErrorMessageIsShortenedAsOtherBodiesAre() {
        String message = "m".repeat(15 * 1024 * 1024);
        server.answer(status(400, "{\"error\": {\"message\": \"" + message + "\"}}"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertTrue(e.getMessage().length() < 1_000, e.getMessage().length() + " characters");
        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions answered HTTP 400: "
                        + "m".repeat(ChatCompletionsJson.SHOWN_BODY_CHARS) + "... (" + message.length() + " chars)",
                e.getMessage());
    }

    @Test
    void aHugeRefusalIsShortenedToo() {
        server.answer(status(
                200,
                "{\"choices\": [{\"message\": {\"content\": null, \"refusal\": \"" + "r".repeat(100_000) + "\"}}]}"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertTrue(
                e.getMessage().endsWith("r".repeat(ChatCompletionsJson.SHOWN_BODY_CHARS) + "... (100000 chars)"),
                e.getMessage().substring(0, 200));
    }

    @Test
    void aRetryAfterStormEndsAtTheCallsDeadlineNotAfterEveryRetry() {
        for (int i = 0; i < 4; i++) {
            server.answer(status(429, Map.of("Retry-After", "60"), "{\"error\": {\"message\": \"slow down\"}}"));
        }
        // the deadline is not set: twice the time-out, 50 s, still short of the wait of a minute; the time-out is
        // that large because the one attempt must end within it, a first call on a cold JVM included
        OpenAiCompatibleClient client = client().timeout(Duration.ofSeconds(25)).build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));

        assertEquals(List.of(), slept, "a wait of 60 s cannot fit in a deadline of 50 s");
        assertEquals(1, server.received().size());
        assertTrue(
                e.getMessage()
                        .startsWith("POST " + server.baseUrl() + "/chat/completions answered HTTP 429 after"
                                + " 1 attempt: slow down; the next attempt would come after a wait of 60000 ms, past the call's"
                                + " deadline of 50000 ms ("),
                e.getMessage());
        assertTrue(
                e.getMessage().endsWith(" ms were left); raise the deadline (llmCallDeadline) or try again later"),
                e.getMessage());
    }

    @Test
    void retriesAndTheirWaitsStayWithinTheDeadline() {
        long[] now = {0};
        for (int i = 0; i < 4; i++) {
            server.answer(status(503, Map.of("Retry-After", "2"), "{\"error\": {\"message\": \"busy\"}}"));
        }
        // the clock is the test's: each attempt gets what that clock leaves of the deadline, in real time; 5 s,
        // not 1 s, for the first, which may be the JVM's first call; the third gets 1 s, once warm
        OpenAiCompatibleClient client = client().timeout(Duration.ofSeconds(5))
                .callDeadline(Duration.ofSeconds(5))
                .clock(() -> now[0])
                .sleeper(wait -> {
                    slept.add(wait);
                    now[0] += wait.toNanos();
                })
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));

        assertEquals(List.of(Duration.ofSeconds(2), Duration.ofSeconds(2)), slept, "a third wait would end at 6 s");
        assertEquals(3, server.received().size());
        assertTrue(
                e.getMessage()
                        .contains("answered HTTP 503 after 3 attempts: busy; the next attempt would come"
                                + " after a wait of 2000 ms, past the call's deadline of 5000 ms (1000 ms were left)"),
                e.getMessage());
    }

    @Test
    void theLastAttemptGetsOnlyWhatIsLeftOfTheDeadline() {
        long[] now = {0};
        server.answer(status(503, "{}"), hang());
        // a minute per attempt against 300 ms for the last one: the bound below tells them apart with room on
        // either side, however slow the machine is at the 300 ms attempt
        OpenAiCompatibleClient client = client().timeout(Duration.ofSeconds(60))
                .callDeadline(Duration.ofMillis(60_300))
                .initialBackoff(Duration.ofSeconds(60))
                .clock(() -> now[0])
                .sleeper(wait -> {
                    slept.add(wait);
                    now[0] += wait.toNanos();
                })
                .build();
        long start = System.nanoTime();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));

        Duration waited = Duration.ofNanos(System.nanoTime() - start);
        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions reached the call's deadline of 60300 ms during"
                        + " attempt 2 (of at most 4); raise the deadline (llmCallDeadline) or check that the server is not"
                        + " overloaded",
                e.getMessage());
        assertTrue(waited.compareTo(Duration.ofSeconds(30)) < 0, "the second attempt had 300 ms, not 60 s: " + waited);
    }

    @Test
    void aDeadlineShorterThanTheTimeOutIsRefused() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> client().timeout(Duration.ofSeconds(60))
                        .callDeadline(Duration.ofSeconds(5))
                        .build());

        assertEquals(
                "The call deadline (PT5S) is shorter than the time-out (PT1M), so no attempt could use its"
                        + " time-out; make the deadline at least PT1M",
                e.getMessage());
        assertEquals(
                "The time-out is PT2600000H; it can be at most PT24H",
                assertThrows(IllegalArgumentException.class, () -> client().timeout(Duration.ofHours(2_600_000)))
                        .getMessage());
        assertEquals(
                "The call deadline is PT25H; it must be positive and at most PT24H",
                assertThrows(IllegalArgumentException.class, () -> client().callDeadline(Duration.ofHours(25)))
                        .getMessage());
    }

    @Test
    void aBaseUrlWithAUserAndPasswordIsRefusedWithoutShowingThem() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> OpenAiCompatibleClient.builder(
                        URI.create("https://alice:s3cr3t-pa55@api.example.com/v1"), "gpt-4o"));

        assertEquals(
                "The LLM base URL 'https://***@api.example.com/v1' holds a user name or password (shown as ***);"
                        + " remove it, and give the API key with apiKeyFromEnv",
                e.getMessage());
        IllegalArgumentException ftp = assertThrows(
                IllegalArgumentException.class,
                () -> OpenAiCompatibleClient.builder(URI.create("ftp://bob:hunter2@host/v1"), "m"));
        assertTrue(!ftp.getMessage().contains("hunter2"), ftp.getMessage());
    }

    @Test
    void aRefusalIsReported() {
        server.answer(
                status(200, "{\"choices\": [{\"message\": {\"content\": null, \"refusal\": \"I can't help\"}}]}"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions: the model refused to answer: I can't help",
                e.getMessage());
    }

    @Test
    void aServerThatIsNotThereNamesTheUrl() throws IOException {
        URI gone;
        try (FakeChatServer closed = new FakeChatServer()) {
            gone = closed.baseUrl();
        }
        OpenAiCompatibleClient client =
                OpenAiCompatibleClient.builder(gone, "m").build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));

        assertTrue(e.getMessage().startsWith("Cannot connect to " + gone + "/chat/completions"), e.getMessage());
        assertTrue(e.getMessage().endsWith("check the base URL and that the server is running"), e.getMessage());
    }

    @Test
    void aMissingKeyVariableIsNamedAtBuild() {
        IllegalStateException unset = assertThrows(IllegalStateException.class, () -> client().environment(Map.of())
                .build());
        IllegalStateException empty =
                assertThrows(IllegalStateException.class, () -> client().environment(Map.of("TEST_LLM_KEY", " "))
                        .build());

        assertEquals(
                "The environment variable TEST_LLM_KEY that should hold the API key for " + server.baseUrl()
                        + " is not set; set it, or configure no API key for a server that needs none (Ollama, vLLM)",
                unset.getMessage());
        assertTrue(
                empty.getMessage()
                        .contains("TEST_LLM_KEY that should hold the API key for " + server.baseUrl() + " is empty"),
                empty.getMessage());
    }

    @Test
    void theEndpointKeepsTheBaseUrlsPathAndQuery() {
        assertEquals(
                URI.create("https://api.openai.com/v1/chat/completions"),
                OpenAiCompatibleClient.builder(URI.create("https://api.openai.com/v1/"), "gpt-4o")
                        .build()
                        .endpoint());
        assertEquals(
                URI.create("https://r.openai.azure.com/openai/v1/chat/completions?api-version=preview"),
                OpenAiCompatibleClient.builder(
                                URI.create("https://r.openai.azure.com/openai/v1?api-version=preview"), "gpt-4o")
                        .build()
                        .endpoint());
    }

    @Test
    void aConfiguredEndpointGivesUrlModelAndKeyVariable() throws Exception {
        server.answer(reply("ok"));
        RuntimeConfig.LlmEndpoint endpoint =
                new RuntimeConfig.LlmEndpoint(server.baseUrl().toString(), "phi4", Optional.of("TEST_LLM_KEY"));

        OpenAiCompatibleClient.builder(endpoint)
                .environment(Map.of("TEST_LLM_KEY", "sk-cfg"))
                .build()
                .complete(HELLO);

        assertEquals("phi4", server.received().get(0).body().get("model").textValue());
        assertEquals(Optional.of("Bearer sk-cfg"), server.received().get(0).authorization());
    }

    @Test
    void postSendsABodyToAnotherEndpointOfTheServerWithTheSameKeyAndRetries() throws Exception {
        server.answer(status(503, "{\"error\": {\"message\": \"busy\"}}"), status(200, "{\"id\": \"resp_1\"}"));
        JsonNode body = JSON.readTree("{\"model\": \"computer-use-preview\", \"input\": \"hi\"}");
        OpenAiCompatibleClient client = OpenAiCompatibleClient.builder(
                        URI.create(server.baseUrl() + "?api-version=preview"), "computer-use-preview")
                .apiKeyFromEnv("TEST_LLM_KEY")
                .environment(Map.of("TEST_LLM_KEY", "sk-test"))
                .sleeper(slept::add)
                .build();

        String answer = client.post("responses", body);

        assertEquals("{\"id\": \"resp_1\"}", answer, "the 2xx body as the server sent it");
        assertEquals("computer-use-preview", client.model());
        assertEquals(2, server.received().size(), "the 503 was retried");
        FakeChatServer.Received request = server.received().get(1);
        assertEquals("/v1/responses?api-version=preview", request.path());
        assertEquals(Optional.of("Bearer sk-test"), request.authorization());
        assertEquals(body, request.body());
        assertEquals(List.of(Duration.ofMillis(500)), slept);
    }

    @Test
    void postDoesNotSendAgainAfterAnAnswerThatMayComeAfterTheServerActed() throws Exception {
        // a 500, 502 or 504 may come after the server stored a response or ran a tool; the same body again
        // would do it twice (a Responses API call with store: true, a previous_response_id chain, an mcp tool)
        JsonNode body = JSON.readTree("{\"model\": \"computer-use-preview\", \"previous_response_id\": \"resp_1\"}");
        for (int status : new int[] {500, 502, 504}) {
            try (FakeChatServer own = new FakeChatServer()) {
                own.answer(status(status, "{\"error\": {\"message\": \"upstream failed\"}}"), status(200, "{}"));
                OpenAiCompatibleClient client = OpenAiCompatibleClient.builder(own.baseUrl(), "computer-use-preview")
                        .sleeper(slept::add)
                        .build();

                LlmException e = assertThrows(LlmException.class, () -> client.post("responses", body));

                assertEquals(
                        "POST " + own.baseUrl() + "/responses answered HTTP " + status + ": upstream failed; it is not"
                                + " sent again, since the server may have acted on it before it failed (stored a"
                                + " response, run a tool); see whether it did before you send it again",
                        e.getMessage());
                assertEquals(1, own.received().size(), "HTTP " + status + " was not retried");
            }
        }
        assertEquals(List.of(), slept);
    }

    @Test
    void postRetriesTheAnswersAServerGivesBeforeItActsAndChatCompletionsStillRetryEvery5xx() throws Exception {
        server.answer(
                status(429, "{\"error\": {\"message\": \"slow down\"}}"),
                status(503, "{\"error\": {\"message\": \"overloaded\"}}"),
                status(200, "{\"id\": \"resp_2\"}"),
                status(500, "{\"error\": {\"message\": \"oops\"}}"),
                status(502, "{\"error\": {\"message\": \"bad gateway\"}}"),
                FakeChatServer.reply("fine"));
        OpenAiCompatibleClient client = client().build();

        assertEquals("{\"id\": \"resp_2\"}", client.post("responses", JSON.readTree("{}")));
        assertEquals("fine", client.complete(HELLO).content());

        assertEquals(6, server.received().size());
    }

    @Test
    void postNamesItsEndpointInErrorsAndRefusesAPathThatIsNotOne() throws Exception {
        server.answer(status(404, "{\"error\": {\"message\": \"Not found\"}}"));
        OpenAiCompatibleClient client = client().build();
        JsonNode body = JSON.readTree("{}");

        LlmException missing = assertThrows(LlmException.class, () -> client.post("responses", body));
        IllegalArgumentException leading = assertThrows(IllegalArgumentException.class, () -> client.post("/x", body));
        IllegalArgumentException up = assertThrows(IllegalArgumentException.class, () -> client.post("a/../b", body));
        IllegalArgumentException query = assertThrows(IllegalArgumentException.class, () -> client.post("a?b=1", body));

        assertEquals(
                "POST " + server.baseUrl() + "/responses answered HTTP 404: Not found; check the base URL (it ends"
                        + " before /responses) and the model 'qwen2.5'",
                missing.getMessage());
        assertEquals(
                "'/x' is not an endpoint's path under the base URL " + server.baseUrl() + "; name one like responses or"
                        + " chat/completions (letters, digits, _ - . and /, no leading /)",
                leading.getMessage());
        assertTrue(up.getMessage().startsWith("'a/../b' is not an endpoint's path"), up.getMessage());
        assertTrue(query.getMessage().startsWith("'a?b=1' is not an endpoint's path"), query.getMessage());
    }

    @Test
    void badSettingsAreRejectedWithTheValue() {
        IllegalArgumentException scheme = assertThrows(
                IllegalArgumentException.class, () -> OpenAiCompatibleClient.builder(URI.create("ftp://host/v1"), "m"));
        IllegalArgumentException relative = assertThrows(
                IllegalArgumentException.class,
                () -> OpenAiCompatibleClient.builder(URI.create("localhost:11434/v1"), "m"));
        IllegalArgumentException model = assertThrows(
                IllegalArgumentException.class, () -> OpenAiCompatibleClient.builder(server.baseUrl(), " "));
        IllegalArgumentException timeout =
                assertThrows(IllegalArgumentException.class, () -> client().timeout(Duration.ZERO));
        IllegalArgumentException retries = assertThrows(IllegalArgumentException.class, () -> client().maxRetries(-1));

        assertEquals(
                "The LLM base URL 'ftp://host/v1' must be an http or https URL, like http://localhost:11434/v1"
                        + " or https://api.openai.com/v1",
                scheme.getMessage());
        assertTrue(relative.getMessage().startsWith("The LLM base URL 'localhost:11434/v1'"), relative.getMessage());
        assertTrue(model.getMessage().startsWith("The model name is empty"), model.getMessage());
        assertEquals("The time-out is PT0S; it must be positive", timeout.getMessage());
        assertEquals("maxRetries is -1; it must be 0 or more", retries.getMessage());
    }
}
