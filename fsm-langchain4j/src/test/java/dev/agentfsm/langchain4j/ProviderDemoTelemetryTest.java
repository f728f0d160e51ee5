package dev.agentfsm.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.LinuxAgentStatus;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.opentelemetry.AgentFsmTelemetry;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import io.opentelemetry.api.common.AttributeKey;
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
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The LinuxAgent's demo round through {@link LangChain4jClient} and each provider's local server, traced by
 * fsm-opentelemetry on the OpenTelemetry SDK: every span the round makes (session, round, step, LLM call, tool
 * call) and every metric point, read back from the SDK's in-memory exporter and reader and checked attribute by
 * attribute against what the round did and what the server answered.
 */
class ProviderDemoTelemetryTest {
    private static final String SESSION = "demo";
    private static final String MACHINE = "LinuxAgent";

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

    @TempDir
    Path root;

    @AfterEach
    void close() {
        sdk.close();
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void theDemoRoundsSpansAndMetricsCarryEveryAttribute(Provider provider) throws IOException {
        RoundResult result;
        try (ProviderServer server = provider.start().script(LinuxDemo.answers())) {
            LangChain4jClient client = LangChain4jClient.builder(provider.model(server))
                    .toolCalls(ToolCallReply.at("/action", "/action/status", LinuxAgentStatus.CONTINUE))
                    .build();
            ShellDriver shell = ShellDriver.of(ShellConfig.of(LinuxDemo.workspace(root)));
            LinuxAgent agent = LinuxAgent.builder(
                            telemetry.driver(shell), telemetry.llm(client, provider.system, provider.requestModel))
                    .build();
            Session session = Session.of(LinuxAgentStateManager.instance(), agent)
                    .id(SESSION)
                    .interceptor(telemetry.interceptor())
                    .listener(telemetry.listener())
                    .build();
            try (AgentFsmTelemetry.SessionSpan ignored = telemetry.session(SESSION)) {
                result = session.runRound(LinuxDemo.task());
            }
            assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        }
        List<String> path = result.path().stream().map(status -> status.name()).toList();
        assertEquals(List.of("CONTINUE", "CONTINUE", "CONTINUE", "CONTINUE", "CONTINUE", "FINISH"), path);

        List<SpanData> all = spans.getFinishedSpanItems();
        SpanData sessionSpan = one(all, "session");
        assertEquals(Map.of(key("agentfsm.session"), SESSION), map(sessionSpan));

        SpanData round = one(all, "round " + MACHINE);
        assertEquals(sessionSpan.getSpanId(), round.getParentSpanId());
        assertEquals(
                Map.of(
                        key("agentfsm.machine"),
                        MACHINE,
                        key("agentfsm.session"),
                        SESSION,
                        number("agentfsm.round"),
                        1L,
                        key("agentfsm.outcome"),
                        "COMPLETED",
                        key("agentfsm.reason"),
                        result.reason(),
                        number("agentfsm.steps"),
                        6L,
                        key("agentfsm.final_state"),
                        "FINISH",
                        AttributeKey.stringArrayKey("agentfsm.path"),
                        path),
                map(round));
        assertEquals(StatusCode.UNSET, round.getStatus().getStatusCode());

        // a step span per state entered, in order, under the round
        List<SpanData> steps = named(all, "step ");
        assertEquals(6, steps.size());
        for (int i = 0; i < steps.size(); i++) {
            SpanData step = steps.get(i);
            assertEquals("step LinuxAgent." + path.get(i), step.getName());
            assertEquals(round.getSpanId(), step.getParentSpanId());
            Map<AttributeKey<?>, Object> expected = new HashMap<>(Map.of(
                    key("agentfsm.machine"),
                    MACHINE,
                    key("agentfsm.state"),
                    path.get(i),
                    key("agentfsm.session"),
                    SESSION,
                    number("agentfsm.round"),
                    1L,
                    number("agentfsm.step"),
                    (long) i + 1,
                    key("agentfsm.agent"),
                    MACHINE,
                    AttributeKey.booleanKey("agentfsm.replayed"),
                    false));
            if (i < 5) {
                expected.put(key("agentfsm.to"), path.get(i + 1));
                expected.put(key("agentfsm.move"), path.get(i) + "->" + path.get(i + 1));
                expected.put(key("agentfsm.trigger"), "LLM");
            } else {
                expected.put(key("agentfsm.outcome"), "COMPLETED");
                expected.put(key("agentfsm.reason"), result.reason());
            }
            assertEquals(expected, map(step), step.getName() + " " + (i + 1));
        }

        // an LLM call per CONTINUE step, under its step, with the session as its conversation, the JSON the guard's
        // schema asks for, and the provider's answering model, tokens and reason
        List<SpanData> chats = named(all, "chat ");
        assertEquals(5, chats.size());
        for (int i = 0; i < chats.size(); i++) {
            SpanData chat = chats.get(i);
            assertEquals("chat " + provider.requestModel, chat.getName());
            assertEquals(SpanKind.CLIENT, chat.getKind());
            assertEquals(steps.get(i).getSpanId(), chat.getParentSpanId());
            assertEquals(
                    Map.of(
                            key("gen_ai.operation.name"),
                            "chat",
                            key("gen_ai.provider.name"),
                            provider.system,
                            key("gen_ai.request.model"),
                            provider.requestModel,
                            key("gen_ai.conversation.id"),
                            SESSION,
                            key("gen_ai.output.type"),
                            "json",
                            key("gen_ai.response.model"),
                            provider.answeringModel,
                            number("gen_ai.usage.input_tokens"),
                            (long) ProviderServer.inputTokens(i),
                            number("gen_ai.usage.output_tokens"),
                            (long) ProviderServer.outputTokens(i),
                            AttributeKey.stringArrayKey("gen_ai.response.finish_reasons"),
                            List.of(i == 0 ? "tool_execution" : "stop")),
                    map(chat),
                    chat.getName() + " " + (i + 1));
        }

        // a tool call per command the replies asked for, under its step; the pipe (step 2) is refused by the shell
        List<SpanData> tools = named(all, "execute_tool ");
        assertEquals(4, tools.size());
        for (int i = 0; i < tools.size(); i++) {
            SpanData tool = tools.get(i);
            assertEquals("execute_tool execute_command", tool.getName());
            assertEquals(steps.get(i).getSpanId(), tool.getParentSpanId());
            Map<AttributeKey<?>, Object> expected = new HashMap<>(Map.of(
                    key("agentfsm.device"), "action",
                    key("agentfsm.agent"), shell(root),
                    key("gen_ai.operation.name"), "execute_tool",
                    key("gen_ai.tool.name"), "execute_command"));
            if (i == 1) {
                expected.put(key("error.type"), "action_failed");
            }
            assertEquals(expected, map(tool), tool.getName() + " " + (i + 1));
            assertEquals(
                    i == 1 ? StatusCode.ERROR : StatusCode.UNSET,
                    tool.getStatus().getStatusCode());
        }
        assertEquals(1 + 1 + 6 + 5 + 4, all.size(), () -> "no other spans: " + all);

        // metrics
        Map<String, MetricData> byName = new HashMap<>();
        metrics.collectAllMetrics().forEach(metric -> byName.put(metric.getName(), metric));
        assertEquals(
                Map.of(
                        Attributes.of(
                                key("agentfsm.machine"), MACHINE,
                                key("agentfsm.state"), "CONTINUE",
                                key("agentfsm.step_end"), "moved"),
                        5L,
                        Attributes.of(
                                key("agentfsm.machine"), MACHINE,
                                key("agentfsm.state"), "FINISH",
                                key("agentfsm.step_end"), "COMPLETED"),
                        1L),
                counts(byName.get("agentfsm.steps")));
        assertEquals(
                Map.of(Attributes.of(key("agentfsm.machine"), MACHINE, key("agentfsm.outcome"), "COMPLETED"), 1L),
                counts(byName.get("agentfsm.rounds")));

        Attributes call = Attributes.of(
                key("gen_ai.operation.name"), "chat",
                key("gen_ai.provider.name"), provider.system,
                key("gen_ai.request.model"), provider.requestModel,
                key("gen_ai.response.model"), provider.answeringModel);
        MetricData duration = byName.get("gen_ai.client.operation.duration");
        assertEquals("s", duration.getUnit());
        assertEquals(Map.of(call, 5L), histogramCounts(duration));
        MetricData tokens = byName.get("gen_ai.client.token.usage");
        assertEquals("{token}", tokens.getUnit());
        Attributes input =
                call.toBuilder().put(key("gen_ai.token.type"), "input").build();
        Attributes output =
                call.toBuilder().put(key("gen_ai.token.type"), "output").build();
        assertEquals(Map.of(input, 5L, output, 5L), histogramCounts(tokens));
        assertEquals(
                Map.of(
                        input,
                                (double) IntStream.range(0, 5)
                                        .map(ProviderServer::inputTokens)
                                        .sum(),
                        output,
                                (double) IntStream.range(0, 5)
                                        .map(ProviderServer::outputTokens)
                                        .sum()),
                histogramSums(tokens));
        Attributes command =
                Attributes.of(key("agentfsm.device"), "action", key("gen_ai.tool.name"), "execute_command");
        Attributes refused =
                command.toBuilder().put(key("error.type"), "action_failed").build();
        assertEquals(Map.of(command, 3L, refused, 1L), histogramCounts(byName.get("agentfsm.tool.duration")));
        assertEquals(
                List.of(
                        "agentfsm.rounds",
                        "agentfsm.steps",
                        "agentfsm.tool.duration",
                        "gen_ai.client.operation.duration",
                        "gen_ai.client.token.usage"),
                byName.keySet().stream().sorted().toList());
    }

    private static String shell(Path root) {
        return "shell:" + root.toAbsolutePath();
    }

    private static AttributeKey<String> key(String name) {
        return AttributeKey.stringKey(name);
    }

    private static AttributeKey<Long> number(String name) {
        return AttributeKey.longKey(name);
    }

    private static Map<AttributeKey<?>, Object> map(SpanData span) {
        return span.getAttributes().asMap();
    }

    private static SpanData one(List<SpanData> spans, String name) {
        List<SpanData> found =
                spans.stream().filter(span -> span.getName().equals(name)).toList();
        assertEquals(1, found.size(), () -> name + " in " + spans);
        return found.get(0);
    }

    /** The spans whose names start with {@code prefix}, in the order they started. */
    private static List<SpanData> named(List<SpanData> spans, String prefix) {
        return spans.stream()
                .filter(span -> span.getName().startsWith(prefix))
                .sorted((a, b) -> Long.compare(a.getStartEpochNanos(), b.getStartEpochNanos()))
                .toList();
    }

    private static Map<Attributes, Long> counts(MetricData counter) {
        Map<Attributes, Long> values = new HashMap<>();
        for (LongPointData point : counter.getLongSumData().getPoints()) {
            values.put(point.getAttributes(), point.getValue());
        }
        return values;
    }

    private static Map<Attributes, Long> histogramCounts(MetricData histogram) {
        Map<Attributes, Long> values = new HashMap<>();
        for (HistogramPointData point : histogram.getHistogramData().getPoints()) {
            values.put(point.getAttributes(), point.getCount());
        }
        return values;
    }

    private static Map<Attributes, Double> histogramSums(MetricData histogram) {
        Map<Attributes, Double> values = new HashMap<>();
        for (HistogramPointData point : histogram.getHistogramData().getPoints()) {
            values.put(point.getAttributes(), point.getSum());
        }
        return values;
    }
}
