package dev.agentfsm.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpServer;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link SpringAiLlmClient} over Spring AI's own {@code OpenAiChatModel}, against a server on 127.0.0.1 that answers
 * {@code POST /v1/chat/completions} in the shapes of OpenAI's documented API.
 */
class SpringAiOpenAiTest {
    private static final LlmRequest REQUEST = LlmRequest.of(List.of(ChatMessage.user("delete every file")));

    private HttpServer server;
    /** Lets a server that never answers end its exchange, once the test is over. */
    private final CountDownLatch release = new CountDownLatch(1);

    /** A server that answers every chat completion with {@code message} and {@code finishReason}. */
    private SpringAiLlmClient answering(String message, String finishReason) throws IOException {
        return answering("gpt-4o-2024-08-06", message, finishReason);
    }

    /** The same, the answering model named {@code answeringModel} (as JSON escapes it). */
    private SpringAiLlmClient answering(String answeringModel, String message, String finishReason) throws IOException {
        String body = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1767225600,"
                + "\"model\":\"" + answeringModel + "\",\"choices\":[{\"index\":0,\"message\":" + message
                + ",\"finish_reason\":\"" + finishReason + "\"}],"
                + "\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":9,\"total_tokens\":21}}";
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        });
        server.start();
        return new SpringAiLlmClient(model());
    }

    /** A server that answers every chat completion with HTTP {@code status} and {@code body}. */
    private SpringAiLlmClient failing(int status, String body) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(status, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        });
        server.start();
        return new SpringAiLlmClient(model());
    }

    /** Spring AI's own OpenAI model, its base URL the local server's. */
    private OpenAiChatModel model() {
        return OpenAiChatModel.builder()
                .openAiApi(OpenAiApi.builder()
                        .baseUrl("http://127.0.0.1:" + server.getAddress().getPort())
                        .apiKey("test-key")
                        .build())
                .defaultOptions(OpenAiChatOptions.builder().model("gpt-4o").build())
                .build();
    }

    @AfterEach
    void stop() {
        release.countDown();
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aReplyComesBackWithTheAnsweringModelTokensAndFinishReason() throws Exception {
        LlmReply reply = answering("{\"role\":\"assistant\",\"content\":\"{\\\"status\\\": \\\"FINISH\\\"}\"}", "stop")
                .complete(REQUEST);

        assertThat(reply.content()).isEqualTo("{\"status\": \"FINISH\"}");
        assertThat(reply.model()).contains("gpt-4o-2024-08-06");
        assertThat(reply.inputTokens()).hasValue(12);
        assertThat(reply.outputTokens()).hasValue(9);
        assertThat(reply.finishReason()).contains("STOP");
    }

    /** OpenAI's refusal: no content, the model's reason in {@code refusal}, and finish reason {@code stop}. */
    @Test
    void anOpenAiRefusalIsARefusalWithItsReason() throws Exception {
        SpringAiLlmClient client = answering(
                "{\"role\":\"assistant\",\"content\":null,\"refusal\":\"I can't help with deleting files.\"}", "stop");

        assertThatThrownBy(() -> client.complete(REQUEST))
                .isInstanceOf(LlmException.class)
                .hasMessage("OpenAiChatModel (gpt-4o) refused to answer: I can't help with deleting files.");
    }

    @Test
    void theAnsweringModelsNameIsOneEscapedLine() throws Exception {
        LlmReply reply = answering(
                        "gpt-4o\\u001b]0;owned\\u0007\\n", "{\"role\":\"assistant\",\"content\":\"{}\"}", "stop")
                .complete(REQUEST);

        assertThat(reply.model()).contains("gpt-4o\\u001b]0;owned\\u0007\\n");
    }

    /**
     * A proxy's error page that echoes the key and the request's header, with raw terminal controls: Spring AI puts the
     * whole body in its exception's message, and the exception is the cause a log binding and a span print.
     */
    @Test
    void anErrorBodyWithTheKeyAndControlsIsShownWithoutEitherAlsoInItsCauses() throws Exception {
        String key = "sk-proj-secret-0123456789";
        SpringAiLlmClient client = failing(
                401,
                "{\"error\": {\"message\": \"Incorrect API key provided: " + key + "\"}}\r\nAuthorization: Bearer"
                        + " tok.abcdef123456\n\u001b[2J\u001b]0;pwned\u0007");

        Throwable thrown = catchThrowable(() -> client.complete(REQUEST));

        assertThat(thrown).isInstanceOf(LlmException.class);
        assertThat(thrown.getMessage())
                .startsWith("OpenAiChatModel (gpt-4o) failed: NonTransientAiException: 401 - {\"error\":"
                        + " {\"message\": \"Incorrect API key provided: ***\"}}\\r\\nAuthorization: Bearer ***");
        StringWriter printed = new StringWriter();
        thrown.printStackTrace(new PrintWriter(printed));
        assertThat(printed.toString())
                .doesNotContain(key)
                .doesNotContain("tok.abcdef123456")
                .doesNotContain("\u001b")
                .contains("NonTransientAiException: 401 - ");
    }

    /** Spring AI's HTTP client has no read time-out by default: the runtime's call deadline must end the call. */
    @Test
    @Timeout(60) // a hang guard: without a deadline the call never returns
    void aServerThatNeverAnswersFailsAtTheCallsDeadline() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/v1/chat/completions", exchange -> {
            try (exchange) {
                release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        OpenAiChatModel model = model();

        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AgentFsmAutoConfiguration.class))
                .withBean(ChatModel.class, () -> model)
                .withPropertyValues("agentfsm.llm-timeout=1s")
                .run(context -> assertThatThrownBy(
                                () -> context.getBean(LlmClient.class).complete(REQUEST))
                        .isInstanceOf(LlmException.class)
                        .hasMessage("OpenAiChatModel (gpt-4o) did not answer within the call's deadline of PT2S;"
                                + " raise agentfsm.llm-call-deadline (twice agentfsm.llm-timeout when unset) or check"
                                + " that the provider is up"));
    }
}
