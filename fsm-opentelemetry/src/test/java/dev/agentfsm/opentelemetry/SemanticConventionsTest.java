package dev.agentfsm.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The GenAI semantic conventions' conditionally required attributes, a failed step's status, concurrent sessions'
 * span trees, and the cardinality of metric attributes.
 */
class SemanticConventionsTest {
    private static final AttributeKey<String> CONVERSATION = AttributeKey.stringKey("gen_ai.conversation.id");
    private static final AttributeKey<String> OUTPUT_TYPE = AttributeKey.stringKey("gen_ai.output.type");

    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder()
                    .addSpanProcessor(SimpleSpanProcessor.create(spans))
                    .build())
            .setMeterProvider(
                    SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .build();
    private final AgentFsmTelemetry telemetry = AgentFsmTelemetry.create(sdk);

    @AfterEach
    void close() {
        sdk.close();
    }

    private RoundResult runOneRound(String id, LlmClient model) {
        ErrandAgent agent =
                new ErrandAgent(telemetry.llm(model, "openai", "gpt-test"), telemetry.driver(new TypingDevice()));
        Session session = Session.of(ErrandStateManager.instance(), agent)
                .id(id)
                .interceptor(telemetry.interceptor())
                .listener(telemetry.listener())
                .build();
        try (AgentFsmTelemetry.SessionSpan span = telemetry.session(session.id())) {
            return session.runRound("do the errand");
        }
    }

    private List<SpanData> named(String name) {
        return spans.getFinishedSpanItems().stream()
                .filter(s -> s.getName().equals(name))
                .toList();
    }

    private SpanData span(String name) {
        List<SpanData> named = named(name);
        assertEquals(1, named.size(), () -> "one span " + name + " in " + spans.getFinishedSpanItems());
        return named.get(0);
    }

    @Test
    void aRequestWithAResponseSchemaIsAJsonOutputAndOneWithoutNamesNoOutputType() throws Exception {
        LlmClient traced = telemetry.llm(request -> new LlmReply("{}"), "openai", "gpt-test");
        List<ChatMessage> messages = List.of(ChatMessage.user("what next?"));

        traced.complete(new LlmRequest(messages, Optional.of(JsonNodeFactory.instance.objectNode())));
        assertEquals("json", span("chat gpt-test").getAttributes().get(OUTPUT_TYPE));

        spans.reset();
        traced.complete(LlmRequest.of(messages));
        assertNull(span("chat gpt-test").getAttributes().get(OUTPUT_TYPE));
    }

    @Test
    void aModelCallInASessionsStepNamesTheSessionAsItsConversation() throws Exception {
        runOneRound("s-conv", request -> new LlmReply("ACT"));
        assertEquals("s-conv", span("chat gpt-test").getAttributes().get(CONVERSATION));

        // outside a session's step there is no conversation to name
        spans.reset();
        telemetry.llm(request -> new LlmReply("ACT"), "openai", "gpt-test").complete(LlmRequest.of(List.of()));
        assertNull(span("chat gpt-test").getAttributes().get(CONVERSATION));
    }

    @Test
    void aStepWhoseFailureEndsTheRoundIsAnErrorWithItsException() {
        RoundResult result = runOneRound("s-fail", request -> {
            throw new LlmException("http://localhost:1/v1/chat/completions answered 500");
        });
        assertEquals(Outcome.ERROR, result.outcome(), result.reason());

        SpanData plan = span("step Errand.PLAN");
        assertEquals(StatusCode.ERROR, plan.getStatus().getStatusCode(), plan::toString);
        assertTrue(
                plan.getEvents().stream().anyMatch(e -> e.getName().equals("exception")),
                () -> "an exception event on " + plan);
        assertEquals(StatusCode.ERROR, span("chat gpt-test").getStatus().getStatusCode());
        assertEquals(StatusCode.ERROR, span("round Errand").getStatus().getStatusCode());
    }

    @Test
    void aToolTheDeviceDoesNotOfferIsOtherInTheToolHistogramAndInTheSpanName() throws Exception {
        DeviceDriver device = telemetry.driver(new TypingDevice());
        for (String invented : List.of("rm_rf", "fly", "drag")) {
            device.execute(new Action(invented, Map.of()), Duration.ofSeconds(5));
        }
        device.execute(new Action("type_text", Map.of("text", "hello")), Duration.ofSeconds(5));

        MetricData tool = metrics.collectAllMetrics().stream()
                .filter(m -> m.getName().equals("agentfsm.tool.duration"))
                .findFirst()
                .orElseThrow();
        Map<String, Long> byTool = tool.getHistogramData().getPoints().stream()
                .collect(Collectors.toMap(
                        p -> p.getAttributes().get(FsmAttributes.TOOL_NAME), HistogramPointData::getCount));
        assertEquals(Map.of("_OTHER", 3L, "type_text", 1L), byTool);

        // the span keeps what the model asked for as its attribute; its name stays within the offered tools
        List<SpanData> other = named("execute_tool");
        assertEquals(3, other.size(), () -> spans.getFinishedSpanItems().toString());
        assertEquals(
                Set.of("rm_rf", "fly", "drag"),
                other.stream()
                        .map(s -> s.getAttributes().get(FsmAttributes.TOOL_NAME))
                        .collect(Collectors.toSet()));
        assertEquals("type_text", span("execute_tool type_text").getAttributes().get(FsmAttributes.TOOL_NAME));
    }

    @Test
    void twoSessionsAtOnceKeepTheirOwnTrees() throws Exception {
        // both model calls are in flight together: each waits for the other (a hang guard, not a timing)
        CyclicBarrier together = new CyclicBarrier(2);
        LlmClient model = request -> {
            try {
                together.await(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new LlmException("the other session's call never came", e);
            }
            return new LlmReply("ACT");
        };
        // the build targets Java 17: two pool threads stand in for a server's virtual threads
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<RoundResult> a = threads.submit(() -> runOneRound("s-a", model));
            Future<RoundResult> b = threads.submit(() -> runOneRound("s-b", model));
            assertEquals(Outcome.COMPLETED, a.get(60, TimeUnit.SECONDS).outcome());
            assertEquals(Outcome.COMPLETED, b.get(60, TimeUnit.SECONDS).outcome());
        } finally {
            threads.shutdownNow();
        }

        for (String id : List.of("s-a", "s-b")) {
            SpanData session = named("session").stream()
                    .filter(s -> id.equals(s.getAttributes().get(FsmAttributes.SESSION)))
                    .findFirst()
                    .orElseThrow();
            List<SpanData> trace = spans.getFinishedSpanItems().stream()
                    .filter(s -> s.getTraceId().equals(session.getTraceId()))
                    .toList();
            assertEquals(7, trace.size(), trace::toString);
            SpanData round = only(trace, "round Errand");
            SpanData plan = only(trace, "step Errand.PLAN");
            SpanData chat = only(trace, "chat gpt-test");
            assertEquals(session.getSpanId(), round.getParentSpanId());
            assertEquals(id, round.getAttributes().get(FsmAttributes.SESSION));
            assertEquals(round.getSpanId(), plan.getParentSpanId());
            assertEquals(id, plan.getAttributes().get(FsmAttributes.SESSION));
            assertEquals(plan.getSpanId(), chat.getParentSpanId());
            assertEquals(id, chat.getAttributes().get(CONVERSATION));
            assertEquals(
                    only(trace, "step Errand.ACT").getSpanId(),
                    only(trace, "execute_tool type_text").getParentSpanId());
        }
        assertTrue(spans.getFinishedSpanItems().stream().allMatch(s -> s.hasEnded()));
    }

    @Test
    void noMetricCarriesASessionIdOrAConversation() {
        runOneRound("s-metrics-1", request -> new LlmReply("ACT"));
        runOneRound("s-metrics-2", request -> new LlmReply("ACT"));
        for (MetricData metric : metrics.collectAllMetrics()) {
            metric.getData().getPoints().forEach(point -> {
                assertNull(point.getAttributes().get(FsmAttributes.SESSION), metric::getName);
                assertNull(point.getAttributes().get(CONVERSATION), metric::getName);
                assertFalse(point.getAttributes().toString().contains("s-metrics"), metric::getName);
            });
        }
    }

    @Test
    void noSpanNameCarriesASessionId() {
        // a span's name is its kind of operation: backends list operations by it and the collector's span metrics
        // make a series per name, so an id there is a new operation per session
        runOneRound("s-name-1", request -> new LlmReply("ACT"));
        runOneRound("s-name-2", request -> new LlmReply("ACT"));
        assertTrue(
                spans.getFinishedSpanItems().stream().noneMatch(s -> s.getName().contains("s-name")),
                () -> spans.getFinishedSpanItems().stream()
                        .map(SpanData::getName)
                        .toList()
                        .toString());
        assertEquals(
                Set.of("s-name-1", "s-name-2"),
                named("session").stream()
                        .map(s -> s.getAttributes().get(FsmAttributes.SESSION))
                        .collect(Collectors.toSet()));
    }

    private static SpanData only(List<SpanData> trace, String name) {
        List<SpanData> named =
                trace.stream().filter(s -> s.getName().equals(name)).toList();
        assertEquals(1, named.size(), () -> name + " in " + trace);
        return named.get(0);
    }
}
