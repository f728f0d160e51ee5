package dev.agentfsm.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.openai.FakeChatServer;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link LangChain4jClient} over LangChain4j's own {@link OpenAiChatModel}, not streaming, against a real HTTP
 * server on 127.0.0.1 that answers as a broken or hostile OpenAI-compatible server would.
 */
class ChatModelOverHttpTest {
    private static final LlmRequest HELLO = LlmRequest.of(List.of(ChatMessage.user("hi")));
    private static final String KEY = "sk-proj-secret-0123456789";

    private final FakeChatServer server = new FakeChatServer();

    ChatModelOverHttpTest() throws IOException {}

    @AfterEach
    void stopServer() {
        server.close();
    }

    private LlmClient client(int maxRetries) {
        return LangChain4jClient.builder(OpenAiChatModel.builder()
                        .baseUrl(server.baseUrl().toString())
                        .apiKey(KEY)
                        .modelName("gpt-4o")
                        .maxRetries(maxRetries)
                        .timeout(Duration.ofSeconds(60))
                        .build())
                .name("openai gpt-4o")
                .build();
    }

    private static String completion(String message, String finishReason) {
        return "{\"id\": \"chatcmpl-1\", \"object\": \"chat.completion\", \"model\": \"gpt-4o\", \"choices\": [{\"index\":"
                + " 0, \"message\": " + message + ", \"finish_reason\": \"" + finishReason + "\"}], \"usage\":"
                + " {\"prompt_tokens\": 9, \"completion_tokens\": 4, \"total_tokens\": 13}}";
    }

    private LlmException failure(LlmClient client) {
        try {
            client.complete(HELLO);
        } catch (LlmException e) {
            return e;
        }
        throw new AssertionError("the call returned a reply");
    }

    @Test
    void anErrorBodyWithControlsAndTheKeyIsOneSafeLineWithoutTheKey() {
        // a proxy's error page that quotes the request's header and the key, with raw terminal controls
        server.answer(FakeChatServer.status(
                401,
                "Incorrect API key provided: " + KEY + "\r\nAuthorization: Bearer tok.abcdef123456\n\u001b[2J"
                        + "\u001b]0;pwned\u0007"));

        LlmException e = failure(client(0));

        assertEquals(
                "openai gpt-4o failed: HTTP 401: Incorrect API key provided: ***\\r\\nAuthorization: Bearer ***\\n"
                        + "\\u001b[2J\\u001b]0;pwned\\u0007",
                e.getMessage());
    }

    @Test
    void noCauseOfTheErrorCarriesTheKeyOrTheServersControls() {
        String vllmKey = "local-vllm-key-4242";
        server.answer(FakeChatServer.status(
                401, "Incorrect API key provided: " + KEY + " or " + vllmKey + "\r\n\u001b[2J\u001b]0;pwned\u0007"));
        LlmClient client = LangChain4jClient.builder(OpenAiChatModel.builder()
                        .baseUrl(server.baseUrl().toString())
                        .apiKey(KEY)
                        .modelName("gpt-4o")
                        .maxRetries(0)
                        .build())
                .name("openai gpt-4o")
                .secret(vllmKey)
                .build();

        LlmException e = failure(client);

        // what a log binding prints for a round's error (LoggingListener gives it as the event's cause) and what
        // an OpenTelemetry span records as exception.stacktrace: the exception with its causes
        StringWriter printed = new StringWriter();
        e.printStackTrace(new PrintWriter(printed));
        String trace = printed.toString();
        assertFalse(trace.contains(KEY), trace);
        assertFalse(trace.contains(vllmKey), trace);
        assertFalse(trace.contains("\u001b"), trace);
        assertFalse(trace.contains("\r"), trace);
        // the cause still says what failed, and where
        assertTrue(
                trace.contains("Caused by: ") && trace.contains("HttpException: Incorrect API key provided: ***"),
                trace);
        assertTrue(trace.contains("at dev.langchain4j."), trace);
    }

    @Test
    void aKeyOfAnotherShapeIsHiddenWhenTheBuilderIsGivenIt() {
        String vllmKey = "local-vllm-key-4242";
        server.answer(FakeChatServer.status(500, "{\"error\": {\"message\": \"no such key " + vllmKey + "\"}}"));
        LlmClient client = LangChain4jClient.builder(OpenAiChatModel.builder()
                        .baseUrl(server.baseUrl().toString())
                        .apiKey(vllmKey)
                        .modelName("qwen2.5")
                        .maxRetries(0)
                        .build())
                .name("vllm")
                .secret(vllmKey)
                .build();

        LlmException e = failure(client);

        assertEquals("vllm failed: HTTP 500: {\"error\": {\"message\": \"no such key ***\"}}", e.getMessage());
    }

    @Test
    void aReplyTheContentFilterStoppedIsARefusal() {
        server.answer(FakeChatServer.status(
                200,
                completion("{\"role\": \"assistant\", \"content\": \"Here is how\\u001b[2J\"}", "content_filter")));

        LlmException e = failure(client(0));

        assertEquals(
                "openai gpt-4o refused to answer (finish reason content_filter: the provider's content filter stopped the"
                        + " reply): Here is how\\u001b[2J",
                e.getMessage());
    }

    @Test
    void aNullContentIsAnEmptyReply() {
        server.answer(FakeChatServer.status(200, completion("{\"role\": \"assistant\", \"content\": null}", "stop")));

        LlmException e = failure(client(0));

        assertEquals("openai gpt-4o returned an empty reply: no text (finish reason stop)", e.getMessage());
    }

    @Test
    void anInterruptedCallEndsAtOnceKeepsTheInterruptAndIsNotSentAgain() throws Exception {
        server.answer(FakeChatServer.hang(), FakeChatServer.hang());
        LlmClient client = client(2);
        CompletableFuture<Thread> caller = new CompletableFuture<>();
        CompletableFuture<String> outcome = new CompletableFuture<>();
        Thread session = new Thread(() -> {
            caller.complete(Thread.currentThread());
            try {
                client.complete(HELLO);
                outcome.complete("a reply");
            } catch (LlmException e) {
                outcome.complete((Thread.currentThread().isInterrupted() ? "interrupted: " : "not interrupted: ")
                        + e.getMessage());
            } catch (RuntimeException e) {
                outcome.complete("thrown: " + e);
            }
        });
        session.start();
        long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (server.received().isEmpty()) { // until the request is at the server and the session waits for its answer
            assertTrue(System.nanoTime() < guard, "the request never reached the server");
            Thread.sleep(5);
        }

        caller.get().interrupt(); // the session is cancelled

        String result = outcome.get(60, TimeUnit.SECONDS); // a hang guard: the model's time-out is 60 s
        assertTrue(result.startsWith("interrupted: "), result);
        assertEquals(1, server.received().size(), "the interrupted request was sent again");
    }
}
