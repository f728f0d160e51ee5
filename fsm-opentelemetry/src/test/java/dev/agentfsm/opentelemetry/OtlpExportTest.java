package dev.agentfsm.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.llm.LlmReply;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The same round exported with OTLP over HTTP to a receiver on 127.0.0.1 that decodes the protobuf it gets. */
class OtlpExportTest {
    private final List<ExportTraceServiceRequest> traces = new CopyOnWriteArrayList<>();
    private final List<ExportMetricsServiceRequest> metrics = new CopyOnWriteArrayList<>();
    private final List<String> contentTypes = new CopyOnWriteArrayList<>();
    private HttpServer receiver;

    @BeforeEach
    void start() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/v1/traces", exchange -> {
            contentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
            try (InputStream body = exchange.getRequestBody()) {
                traces.add(ExportTraceServiceRequest.parseFrom(body.readAllBytes()));
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.createContext("/v1/metrics", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                metrics.add(ExportMetricsServiceRequest.parseFrom(body.readAllBytes()));
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
    }

    @Test
    void aRoundsSpansAndMetricsReachAnOtlpHttpReceiver() {
        String base = "http://127.0.0.1:" + receiver.getAddress().getPort();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(BatchSpanProcessor.builder(OtlpHttpSpanExporter.builder()
                                        .setEndpoint(base + "/v1/traces")
                                        .build())
                                .build())
                        .build())
                .setMeterProvider(SdkMeterProvider.builder()
                        .registerMetricReader(PeriodicMetricReader.create(OtlpHttpMetricExporter.builder()
                                .setEndpoint(base + "/v1/metrics")
                                .build()))
                        .build())
                .build();
        AgentFsmTelemetry telemetry = AgentFsmTelemetry.create(sdk);
        ErrandAgent agent = new ErrandAgent(
                telemetry.llm(
                        request -> new LlmReply(
                                "ACT",
                                Optional.of("gpt-test-2026-01"),
                                OptionalInt.of(42),
                                OptionalInt.of(7),
                                Optional.of("stop")),
                        "openai",
                        "gpt-test"),
                telemetry.driver(new TypingDevice()));
        Session session = Session.of(ErrandStateManager.instance(), agent)
                .id("s-otlp")
                .interceptor(telemetry.interceptor())
                .listener(telemetry.listener())
                .build();
        RoundResult result;
        AgentFsmTelemetry.SessionSpan span = telemetry.session(session.id());
        try {
            result = session.runRound("do the errand");
        } finally {
            span.close();
        }
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        // shutting down exports what is left and waits for the receiver's answers
        CompletableResultCode shutdown = sdk.shutdown().join(60, TimeUnit.SECONDS);
        assertTrue(shutdown.isSuccess(), "the exporters reached the receiver");

        assertTrue(contentTypes.stream().allMatch("application/x-protobuf"::equals), contentTypes::toString);
        Map<String, Span> spans = traces.stream()
                .flatMap(r -> r.getResourceSpansList().stream())
                .flatMap(r -> r.getScopeSpansList().stream())
                .peek(scope ->
                        assertEquals(AgentFsmTelemetry.SCOPE, scope.getScope().getName()))
                .flatMap(scope -> scope.getSpansList().stream())
                .collect(Collectors.toMap(Span::getName, s -> s));
        assertEquals(
                List.of(
                        "chat gpt-test",
                        "execute_tool type_text",
                        "round Errand",
                        "session",
                        "step Errand.ACT",
                        "step Errand.DONE",
                        "step Errand.PLAN"),
                spans.keySet().stream().sorted().toList());
        Span plan = spans.get("step Errand.PLAN");
        assertEquals(spans.get("round Errand").getSpanId(), plan.getParentSpanId());
        assertEquals("PLAN->ACT", text(plan, "agentfsm.move"));
        assertEquals("LLM", text(plan, "agentfsm.trigger"));
        assertEquals("Errand", text(plan, "agentfsm.machine"));
        Span chat = spans.get("chat gpt-test");
        assertEquals(plan.getSpanId(), chat.getParentSpanId());
        assertEquals("openai", text(chat, "gen_ai.provider.name"));
        assertEquals("gpt-test-2026-01", text(chat, "gen_ai.response.model"));
        assertEquals(
                42L, attribute(chat, "gen_ai.usage.input_tokens").getValue().getIntValue());
        assertEquals(
                7L, attribute(chat, "gen_ai.usage.output_tokens").getValue().getIntValue());
        assertEquals(
                "stop",
                attribute(chat, "gen_ai.response.finish_reasons")
                        .getValue()
                        .getArrayValue()
                        .getValues(0)
                        .getStringValue());
        assertEquals("COMPLETED", text(spans.get("round Errand"), "agentfsm.outcome"));

        List<String> metricNames = metrics.stream()
                .flatMap(r -> r.getResourceMetricsList().stream())
                .flatMap(r -> r.getScopeMetricsList().stream())
                .flatMap(scope -> scope.getMetricsList().stream())
                .map(m -> m.getName())
                .distinct()
                .sorted()
                .toList();
        assertEquals(
                List.of(
                        "agentfsm.rounds",
                        "agentfsm.steps",
                        "agentfsm.tool.duration",
                        "gen_ai.client.operation.duration",
                        "gen_ai.client.token.usage"),
                metricNames);
    }

    private static KeyValue attribute(Span span, String key) {
        return span.getAttributesList().stream()
                .filter(kv -> kv.getKey().equals(key))
                .findFirst()
                .orElseThrow(() -> new AssertionError(span.getName() + " has no " + key));
    }

    private static String text(Span span, String key) {
        return attribute(span, key).getValue().getStringValue();
    }
}
