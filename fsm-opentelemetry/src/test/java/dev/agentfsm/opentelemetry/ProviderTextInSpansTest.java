package dev.agentfsm.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.openai.OpenAiCompatibleClient;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmRequest;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a failed model call puts in its span when the server's answer holds the API key and terminal controls: the
 * span records the client's exception, and its {@code exception.stacktrace} prints the causes whole, so a client
 * must keep the server's raw text out of them (fsm-openai's {@link OpenAiCompatibleClient}, against a real socket).
 * The time-out only keeps a broken build from hanging.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class ProviderTextInSpansTest {
    private static final String KEY = "sk-test-0123456789abcdef";

    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder()
                    .addSpanProcessor(SimpleSpanProcessor.create(spans))
                    .build())
            .build();

    @AfterEach
    void close() {
        sdk.close();
    }

    @Test
    void aFailedCallsSpanCarriesNeitherTheKeyNorTheServersControls() throws Exception {
        // a status line no HTTP server writes, which the JDK's HTTP client quotes in its ProtocolException
        String answer = "HTTP/1.1 2\u001b]0;owned\u0007\u001b[31m " + KEY + "\r\nContent-Length: 0\r\n\r\n";
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread serving = new Thread(() -> answerOnce(server, answer), "bad-status-line");
            serving.setDaemon(true);
            serving.start();
            LlmClient client = OpenAiCompatibleClient.builder(
                            URI.create("http://127.0.0.1:" + server.getLocalPort() + "/v1"), "qwen2.5")
                    .apiKey(Optional.of(KEY))
                    .maxRetries(0)
                    .build();
            LlmClient traced = AgentFsmTelemetry.create(sdk).llm(client, "openai", "qwen2.5");

            assertThrows(LlmException.class, () -> traced.complete(LlmRequest.of(List.of(ChatMessage.user("hi")))));
        }

        List<SpanData> finished = spans.getFinishedSpanItems();
        assertEquals(1, finished.size(), finished::toString);
        List<EventData> exceptions = finished.get(0).getEvents().stream()
                .filter(event -> event.getName().equals("exception"))
                .toList();
        assertEquals(1, exceptions.size(), finished::toString);
        String recorded =
                exceptions.get(0).getAttributes().toString() + finished.get(0).getStatus();
        assertTrue(recorded.contains("Invalid status line"), recorded);
        assertFalse(recorded.contains(KEY), recorded);
        assertFalse(recorded.contains("\u001b") || recorded.contains("\u0007"), recorded);
    }

    /** Reads the request's head and answers with {@code answer}'s bytes, once. */
    private static void answerOnce(ServerSocket server, String answer) {
        try (Socket socket = server.accept()) {
            InputStream in = socket.getInputStream();
            int matched = 0;
            byte[] end = {'\r', '\n', '\r', '\n'};
            while (matched < end.length) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            OutputStream out = socket.getOutputStream();
            out.write(answer.getBytes(StandardCharsets.UTF_8));
            out.flush();
            // the socket stays open until the client, having read the status line, gives up and closes it
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            // the test's assertions say what went wrong
        }
    }
}
