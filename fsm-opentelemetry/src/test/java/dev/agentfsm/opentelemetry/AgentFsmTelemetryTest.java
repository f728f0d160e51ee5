package dev.agentfsm.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.FailingStore;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalStore;
import dev.agentfsm.runtime.CancellationToken;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentFsmTelemetryTest {
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

    /** A model that answers from a list, as a provider would: with model, tokens and finish reason. */
    private static LlmClient model(String... replies) {
        List<String> left = new ArrayList<>(List.of(replies));
        return request -> new LlmReply(
                left.remove(0),
                Optional.of("gpt-test-2026-01"),
                OptionalInt.of(42),
                OptionalInt.of(7),
                Optional.of("stop"));
    }

    private RoundResult runOneRound(LlmClient model, TypingDevice device) {
        ErrandAgent agent = new ErrandAgent(telemetry.llm(model, "openai", "gpt-test"), telemetry.driver(device));
        Session session = Session.of(ErrandStateManager.instance(), agent)
                .id("s-1")
                .interceptor(telemetry.interceptor())
                .listener(telemetry.listener())
                .build();
        AgentFsmTelemetry.SessionSpan span = telemetry.session(session.id());
        try {
            return session.runRound("do the errand");
        } finally {
            span.close();
        }
    }

    private SpanData span(String name) {
        List<SpanData> named = spans.getFinishedSpanItems().stream()
                .filter(s -> s.getName().equals(name))
                .toList();
        assertEquals(1, named.size(), () -> "one span " + name + " in " + names());
        return named.get(0);
    }

    private List<String> names() {
        return spans.getFinishedSpanItems().stream().map(SpanData::getName).toList();
    }

    @Test
    void aRoundGivesSessionRoundStepLlmAndToolSpansWithTheirAttributes() {
        TypingDevice device = new TypingDevice();
        RoundResult result = runOneRound(model("ACT"), device);
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(1, device.actions.size());

        SpanData session = span("session");
        SpanData round = span("round Errand");
        SpanData plan = span("step Errand.PLAN");
        SpanData act = span("step Errand.ACT");
        SpanData done = span("step Errand.DONE");
        SpanData chat = span("chat gpt-test");
        SpanData tool = span("execute_tool type_text");
        assertEquals(7, spans.getFinishedSpanItems().size(), names()::toString);

        // one trace, nested session > round > step > call
        assertTrue(spans.getFinishedSpanItems().stream()
                .allMatch(s -> s.getTraceId().equals(session.getTraceId())));
        assertEquals(session.getSpanId(), round.getParentSpanId());
        assertEquals(round.getSpanId(), plan.getParentSpanId());
        assertEquals(round.getSpanId(), act.getParentSpanId());
        assertEquals(round.getSpanId(), done.getParentSpanId());
        assertEquals(plan.getSpanId(), chat.getParentSpanId());
        assertEquals(act.getSpanId(), tool.getParentSpanId());

        Attributes r = round.getAttributes();
        assertEquals("Errand", r.get(FsmAttributes.MACHINE));
        assertEquals("s-1", r.get(FsmAttributes.SESSION));
        assertEquals(1L, r.get(FsmAttributes.ROUND));
        assertEquals("COMPLETED", r.get(FsmAttributes.OUTCOME));
        assertEquals(3L, r.get(FsmAttributes.STEPS));
        assertEquals("DONE", r.get(FsmAttributes.FINAL_STATE));
        assertEquals(List.of("PLAN", "ACT", "DONE"), r.get(FsmAttributes.PATH));

        Attributes p = plan.getAttributes();
        assertEquals("Errand", p.get(FsmAttributes.MACHINE));
        assertEquals("PLAN", p.get(FsmAttributes.STATE));
        assertEquals(1L, p.get(FsmAttributes.STEP));
        assertEquals("PLAN->ACT", p.get(FsmAttributes.MOVE));
        assertEquals("ACT", p.get(FsmAttributes.TO));
        assertEquals("LLM", p.get(FsmAttributes.TRIGGER));
        assertEquals(false, p.get(FsmAttributes.REPLAYED));
        assertNull(p.get(FsmAttributes.OUTCOME));
        assertEquals("ACT->DONE", act.getAttributes().get(FsmAttributes.MOVE));
        assertEquals("SYSTEM", act.getAttributes().get(FsmAttributes.TRIGGER));
        assertEquals("COMPLETED", done.getAttributes().get(FsmAttributes.OUTCOME));
        assertNull(done.getAttributes().get(FsmAttributes.MOVE));

        Attributes c = chat.getAttributes();
        assertEquals(SpanKind.CLIENT, chat.getKind());
        assertEquals("chat", c.get(FsmAttributes.OPERATION));
        assertEquals("openai", c.get(FsmAttributes.PROVIDER));
        assertEquals("gpt-test", c.get(FsmAttributes.REQUEST_MODEL));
        assertEquals("gpt-test-2026-01", c.get(FsmAttributes.RESPONSE_MODEL));
        assertEquals(42L, c.get(FsmAttributes.INPUT_TOKENS));
        assertEquals(7L, c.get(FsmAttributes.OUTPUT_TOKENS));
        assertEquals(List.of("stop"), c.get(FsmAttributes.FINISH_REASONS));

        Attributes t = tool.getAttributes();
        assertEquals("execute_tool", t.get(FsmAttributes.OPERATION));
        assertEquals("type_text", t.get(FsmAttributes.TOOL_NAME));
        assertEquals("action", t.get(FsmAttributes.DEVICE));
        assertEquals(StatusCode.UNSET, tool.getStatus().getStatusCode());
    }

    @Test
    void metricsCountStepsAndOutcomesAndRecordLlmLatencyAndTokens() {
        runOneRound(model("ACT"), new TypingDevice());
        Map<String, MetricData> byName =
                metrics.collectAllMetrics().stream().collect(Collectors.toMap(MetricData::getName, m -> m));

        Map<String, Long> stepsByState = byName.get("agentfsm.steps").getLongSumData().getPoints().stream()
                .collect(Collectors.toMap(
                        point -> point.getAttributes().get(FsmAttributes.STATE) + "/"
                                + point.getAttributes().get(FsmAttributes.STEP_END),
                        LongPointData::getValue));
        assertEquals(Map.of("PLAN/moved", 1L, "ACT/moved", 1L, "DONE/COMPLETED", 1L), stepsByState);

        List<LongPointData> rounds =
                List.copyOf(byName.get("agentfsm.rounds").getLongSumData().getPoints());
        assertEquals(1, rounds.size());
        assertEquals(1L, rounds.get(0).getValue());
        assertEquals("COMPLETED", rounds.get(0).getAttributes().get(FsmAttributes.OUTCOME));
        assertEquals("Errand", rounds.get(0).getAttributes().get(FsmAttributes.MACHINE));

        List<HistogramPointData> latency = List.copyOf(byName.get("gen_ai.client.operation.duration")
                .getHistogramData()
                .getPoints());
        assertEquals(1, latency.size());
        assertEquals(1L, latency.get(0).getCount());
        assertEquals("s", byName.get("gen_ai.client.operation.duration").getUnit());
        assertEquals("gpt-test", latency.get(0).getAttributes().get(FsmAttributes.REQUEST_MODEL));

        Map<String, Double> tokens = byName.get("gen_ai.client.token.usage").getHistogramData().getPoints().stream()
                .collect(Collectors.toMap(
                        point -> point.getAttributes().get(FsmAttributes.TOKEN_TYPE), HistogramPointData::getSum));
        assertEquals(Map.of("input", 42.0, "output", 7.0), tokens);

        List<HistogramPointData> tool = List.copyOf(
                byName.get("agentfsm.tool.duration").getHistogramData().getPoints());
        assertEquals(1, tool.size());
        assertEquals("type_text", tool.get(0).getAttributes().get(FsmAttributes.TOOL_NAME));
    }

    @Test
    void aFailedActionMarksItsSpanAndAnUndeclaredReplyEndsTheRoundSpanWithItsOutcome() {
        TypingDevice device = new TypingDevice();
        device.fail = true;
        runOneRound(model("ACT"), device);
        SpanData tool = span("execute_tool type_text");
        assertEquals(StatusCode.ERROR, tool.getStatus().getStatusCode());
        assertEquals("the window is gone", tool.getStatus().getDescription());

        spans.reset();
        RoundResult result = runOneRound(model("NOWHERE"), new TypingDevice());
        assertEquals(
                result.outcome().name(), span("round Errand").getAttributes().get(FsmAttributes.OUTCOME));
        assertTrue(result.outcome() != Outcome.COMPLETED, result::reason);
    }

    @Test
    void aFailedActionsSpanShowsTheFirstLineOfItsReasonNotTheToolsOutput() {
        // an MCP tool that fails gives its whole output as the reason (fsm-mcp's ToolResults): here a file's lines
        // after the error, which the model reads in its next request but no span should carry
        TypingDevice device = new TypingDevice();
        device.fail = true;
        device.failure =
                "parse error in /srv/app/.env\u001b[2J\n" + "DB_PASSWORD=hunter2-secret\n".repeat(3) + "x".repeat(300);
        runOneRound(model("ACT"), device);

        assertEquals(
                "parse error in /srv/app/.env\\u001b[2J ... (4 more lines)",
                span("execute_tool type_text").getStatus().getDescription());
        String everything = spans.getFinishedSpanItems().toString();
        assertFalse(everything.contains("hunter2"), everything);
    }

    @Test
    void theGenAiHistogramsHaveTheBucketsTheConventionsGiveThem() {
        runOneRound(model("ACT"), new TypingDevice());
        Map<String, MetricData> byName =
                metrics.collectAllMetrics().stream().collect(Collectors.toMap(MetricData::getName, m -> m));
        List<Double> seconds =
                List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92);
        List<Double> tokens = List.of(
                1.0,
                4.0,
                16.0,
                64.0,
                256.0,
                1024.0,
                4096.0,
                16384.0,
                65536.0,
                262144.0,
                1048576.0,
                4194304.0,
                16777216.0,
                67108864.0);
        assertEquals(seconds, boundaries(byName.get("gen_ai.client.operation.duration")));
        assertEquals(tokens, boundaries(byName.get("gen_ai.client.token.usage")));
        assertEquals(seconds, boundaries(byName.get("agentfsm.tool.duration")));
    }

    private static List<Double> boundaries(MetricData histogram) {
        return histogram.getHistogramData().getPoints().iterator().next().getBoundaries();
    }

    @Test
    void aStreamingClientStillStreamsWhenTraced() throws Exception {
        LlmClient streaming = new LlmClient() {
            @Override
            public LlmReply complete(LlmRequest request) {
                return new LlmReply("ACT");
            }

            @Override
            public LlmReply complete(LlmRequest request, TextListener listener) {
                listener.onText("A");
                listener.onText("CT");
                return new LlmReply("ACT");
            }
        };
        List<String> pieces = new ArrayList<>();
        LlmClient traced = LlmClient.streaming(telemetry.llm(streaming, "openai", "gpt-test"), pieces::add);

        LlmReply reply = traced.complete(LlmRequest.of(List.of(ChatMessage.user("what next?"))));

        assertEquals("ACT", reply.content());
        assertEquals(List.of("A", "CT"), pieces);
        assertEquals(SpanKind.CLIENT, span("chat gpt-test").getKind());
    }

    @Test
    void aFailureThatLeavesTheRoundEndsTheRoundsSpan() {
        // a provider module of another LangChain4j version than its core: an Error, not the model's failure
        LlmClient mismatched = request -> {
            throw new NoSuchMethodError("dev.langchain4j.model.chat.ChatModel.chat");
        };
        assertThrows(NoSuchMethodError.class, () -> runOneRound(mismatched, new TypingDevice()));

        SpanData round = span("round Errand");
        assertEquals(StatusCode.ERROR, round.getStatus().getStatusCode());
        assertEquals(StatusCode.ERROR, span("step Errand.PLAN").getStatus().getStatusCode());
        assertEquals(StatusCode.ERROR, span("chat gpt-test").getStatus().getStatusCode());
        assertEquals(round.getSpanId(), span("step Errand.PLAN").getParentSpanId());
        assertEquals(4, spans.getFinishedSpanItems().size(), names()::toString);

        spans.reset();
        DeviceDriver broken = telemetry.driver(new TypingDevice() {
            @Override
            public ActionResult execute(Action action, Duration timeout) {
                throw new NoSuchMethodError("dev.example.Device.type");
            }
        });
        assertThrows(
                NoSuchMethodError.class,
                () -> broken.execute(new Action("type_text", Map.of()), Duration.ofSeconds(1)));
        assertEquals(
                StatusCode.ERROR, span("execute_tool type_text").getStatus().getStatusCode());
    }

    @Test
    void aResumedSessionsReplayedRoundEndsItsSpan(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("errand.journal");
        try (Journal journal = Journal.create(file)) {
            ErrandAgent agent = new ErrandAgent(journal.llm(model("ACT")), journal.driver(new TypingDevice()));
            Session.of(ErrandStateManager.instance(), agent)
                    .recorder(journal)
                    .build()
                    .runRound("do the errand");
        }
        List<RoundResult> resumed;
        try (Journal journal = Journal.open(file)) {
            ErrandAgent agent = new ErrandAgent(
                    telemetry.llm(journal.llm(model()), "openai", "gpt-test"),
                    telemetry.driver(journal.driver(new TypingDevice())));
            resumed = Session.of(ErrandStateManager.instance(), agent)
                    .interceptor(telemetry.interceptor())
                    .listener(telemetry.listener())
                    .build()
                    .resume(journal);
        }

        assertEquals(Outcome.COMPLETED, resumed.get(0).outcome());
        SpanData round = span("round Errand");
        assertEquals("COMPLETED", round.getAttributes().get(FsmAttributes.OUTCOME));
        assertEquals(3L, round.getAttributes().get(FsmAttributes.STEPS));
        assertEquals("DONE", round.getAttributes().get(FsmAttributes.FINAL_STATE));
        assertEquals(List.of("PLAN", "ACT", "DONE"), round.getAttributes().get(FsmAttributes.PATH));
        assertEquals(round.getSpanId(), span("step Errand.DONE").getParentSpanId());
        assertEquals(true, span("step Errand.DONE").getAttributes().get(FsmAttributes.REPLAYED));
    }

    @Test
    void aResumedSessionCountsTheStepsItRunsNotTheStepsItReplays(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("errand.journal");
        try (Journal journal = Journal.create(file)) {
            ErrandAgent agent = new ErrandAgent(journal.llm(model("ACT")), journal.driver(new TypingDevice()));
            Session.of(ErrandStateManager.instance(), agent)
                    .recorder(journal)
                    .build()
                    .runRound("do the errand");
        }
        // the process died after PLAN's step was recorded: PLAN replays, ACT and DONE run again
        List<String> records = Files.readAllLines(file);
        int plan = 0;
        while (!records.get(plan).contains("\"type\":\"step\"")) {
            plan++;
        }
        Files.write(file, records.subList(0, plan + 1));
        TypingDevice device = new TypingDevice();
        try (Journal journal = Journal.open(file)) {
            ErrandAgent agent = new ErrandAgent(
                    telemetry.llm(journal.llm(model()), "openai", "gpt-test"),
                    telemetry.driver(journal.driver(device)));
            List<RoundResult> resumed = Session.of(ErrandStateManager.instance(), agent)
                    .interceptor(telemetry.interceptor())
                    .listener(telemetry.listener())
                    .build()
                    .resume(journal);
            assertEquals(
                    Outcome.COMPLETED, resumed.get(0).outcome(), resumed.get(0).reason());
        }
        assertEquals(1, device.actions.size(), "ACT ran again");
        assertEquals(true, span("step Errand.PLAN").getAttributes().get(FsmAttributes.REPLAYED));

        MetricData steps = metrics.collectAllMetrics().stream()
                .filter(m -> m.getName().equals("agentfsm.steps"))
                .findFirst()
                .orElseThrow();
        Map<String, Long> stepsByState = steps.getLongSumData().getPoints().stream()
                .collect(Collectors.toMap(
                        point -> point.getAttributes().get(FsmAttributes.STATE) + "/"
                                + point.getAttributes().get(FsmAttributes.STEP_END),
                        LongPointData::getValue));
        assertEquals(
                Map.of("ACT/moved", 1L, "DONE/COMPLETED", 1L),
                stepsByState,
                "PLAN's replayed step was counted when it ran, not again");
    }

    @Test
    void aRoundWhoseJournalCannotBeWrittenEndsItsSpanAsAnError(@TempDir Path dir) throws Exception {
        // the journal is outside the telemetry's interceptor: the step's record fails after the step's span ended
        JournalStore store = new FailingStore(JournalStore.directory(dir, Durability.SYNC), 3);
        try (Journal journal = Journal.create(store, "errand")) {
            ErrandAgent agent = new ErrandAgent(
                    telemetry.llm(journal.llm(model("ACT")), "openai", "gpt-test"),
                    telemetry.driver(journal.driver(new TypingDevice())));
            Session session = Session.of(ErrandStateManager.instance(), agent)
                    .recorder(journal)
                    .interceptor(telemetry.interceptor())
                    .listener(telemetry.listener())
                    .build();
            RuntimeException thrown = assertThrows(UncheckedIOException.class, () -> session.runRound("do the errand"));

            SpanData round = span("round Errand");
            assertEquals(StatusCode.ERROR, round.getStatus().getStatusCode(), names()::toString);
            assertEquals(thrown.toString(), round.getStatus().getDescription());
        }
    }

    /** What a session told its listeners: each move and each round end, as a line. */
    private static final class Heard implements TransitionListener {
        final List<String> lines = new ArrayList<>();

        @Override
        public void onTransition(TransitionEvent event) {
            lines.add("move " + event.from().name() + "->" + event.to().name());
        }

        @Override
        public void onRoundEnd(String session, int round, RoundResult result) {
            lines.add("end " + round + " " + result.outcome());
        }
    }

    /**
     * Records a round of {@code config}'s session whose end the runtime decides between two steps, then resumes it
     * with the telemetry: the round's span ends once, with the recorded end, and the listeners hear no end again.
     */
    private RoundResult recordAndResumeARoundEndedBetweenSteps(
            Path file,
            RuntimeConfig config,
            CancellationToken cancellation,
            TypingDevice device,
            Heard recorded,
            Heard resumed)
            throws Exception {
        RoundResult ran;
        try (Journal journal = Journal.create(file)) {
            ErrandAgent agent = new ErrandAgent(journal.llm(model("ACT")), journal.driver(device));
            ran = Session.of(ErrandStateManager.instance(), agent)
                    .config(config)
                    .cancellation(cancellation)
                    .recorder(journal)
                    .listener(recorded)
                    .build()
                    .runRound("do the errand");
        }
        List<RoundResult> results;
        try (Journal journal = Journal.open(file)) {
            ErrandAgent agent = new ErrandAgent(
                    telemetry.llm(journal.llm(model()), "openai", "gpt-test"),
                    telemetry.driver(journal.driver(new TypingDevice())));
            results = Session.of(ErrandStateManager.instance(), agent)
                    .config(config)
                    .interceptor(telemetry.interceptor())
                    .listener(telemetry.listener())
                    .listener(resumed)
                    .build()
                    .resume(journal);
        }
        assertEquals(1, results.size());
        RoundResult replayed = results.get(0);
        assertEquals(ran.outcome(), replayed.outcome(), replayed.reason());
        assertEquals(ran.reason(), replayed.reason());

        SpanData round = span("round Errand");
        Attributes r = round.getAttributes();
        assertEquals(replayed.outcome().name(), r.get(FsmAttributes.OUTCOME));
        assertEquals(replayed.reason(), r.get(FsmAttributes.REASON));
        assertEquals(2L, r.get(FsmAttributes.STEPS));
        assertEquals("ACT", r.get(FsmAttributes.FINAL_STATE));
        assertEquals(List.of("PLAN", "ACT"), r.get(FsmAttributes.PATH));
        for (String step : List.of("step Errand.PLAN", "step Errand.ACT")) {
            assertEquals(round.getSpanId(), span(step).getParentSpanId(), step);
            assertEquals(true, span(step).getAttributes().get(FsmAttributes.REPLAYED), step);
        }
        // the round's span, its two steps', the model's call and the device's action: nothing else, nothing twice
        assertEquals(5, spans.getFinishedSpanItems().size(), names()::toString);
        assertTrue(
                metrics.collectAllMetrics().stream().noneMatch(m -> m.getName().equals("agentfsm.rounds")),
                "a replayed round was counted when it ran, not again");

        assertEquals(List.of("move PLAN->ACT", "end 1 " + ran.outcome()), recorded.lines);
        assertEquals(List.of(), resumed.lines, "the listeners heard the round's moves and end when it was recorded");
        return replayed;
    }

    @Test
    void aResumedRoundThatRanOutOfStepsEndsItsSpan(@TempDir Path dir) throws Exception {
        RoundResult replayed = recordAndResumeARoundEndedBetweenSteps(
                dir.resolve("errand.journal"),
                RuntimeConfig.builder().maxStep(2).build(),
                new CancellationToken(),
                new TypingDevice(),
                new Heard(),
                new Heard());

        assertEquals(Outcome.STEP_LIMIT, replayed.outcome(), replayed.reason());
    }

    @Test
    void aResumedRoundThatWasCancelledBetweenStepsEndsItsSpan(@TempDir Path dir) throws Exception {
        CancellationToken cancellation = new CancellationToken();
        TypingDevice cancelling = new TypingDevice() {
            @Override
            public ActionResult execute(Action action, Duration timeout) {
                cancellation.cancel(); // the action is done; the round stops before its next state
                return super.execute(action, timeout);
            }
        };
        RoundResult replayed = recordAndResumeARoundEndedBetweenSteps(
                dir.resolve("errand.journal"),
                RuntimeConfig.defaults(),
                cancellation,
                cancelling,
                new Heard(),
                new Heard());

        assertEquals(Outcome.CANCELLED, replayed.outcome(), replayed.reason());
    }

    @Test
    void aSessionSpanIsOpenOnceAtATime() {
        AgentFsmTelemetry.SessionSpan span = telemetry.session("twice");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> telemetry.session("twice"));
        assertTrue(e.getMessage().contains("twice"), e.getMessage());
        span.close();
        telemetry.session("twice").close();
    }
}
