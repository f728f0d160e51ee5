package dev.agentfsm.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.cli.DemoFiles;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.trace.OtlpSpanCheck;
import dev.agentfsm.trace.TraceCheck;
import dev.agentfsm.trace.TraceReport;
import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LinuxAgent's demo round ({@code agentfsm-cli demo}: its task, its recorded replies, the real read-only
 * shell) traced with the OpenTelemetry SDK; its spans, written as OTLP JSON by the exporter's own JSON
 * encoding (one export request a line, as the collector's file exporter writes them), pass fsm-trace's check
 * against the LinuxAgent's table, and a span edited to an undeclared move fails it.
 */
class LinuxDemoSpansTest {
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder()
                    .addSpanProcessor(SimpleSpanProcessor.create(spans))
                    .build())
            .build();
    private final AgentFsmTelemetry telemetry = AgentFsmTelemetry.create(sdk);

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        sdk.close();
    }

    @Test
    void theDemoRoundsSpansPassTheCheckAndAnEditedSpanFailsIt() throws IOException {
        Path workspace = DemoFiles.workspace(Files.createDirectory(dir.resolve("workspace")));
        LinuxAgent agent = LinuxAgent.builder(
                        telemetry.driver(ShellDriver.of(ShellConfig.of(workspace))),
                        telemetry.llm(DemoFiles.replay(), "replay", "demo"))
                .build();
        Session session = Session.of(LinuxAgentStateManager.instance(), agent)
                .id("demo")
                .interceptor(telemetry.interceptor())
                .listener(telemetry.listener())
                .build();

        RoundResult result = session.runRound(DemoFiles.task());

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        List<SpanData> steps = spans.getFinishedSpanItems().stream()
                .filter(span -> span.getName().startsWith("step LinuxAgent."))
                .toList();
        assertEquals(result.path().size(), steps.size(), () -> "one step span per state entered: " + steps);

        Path exported = dir.resolve("spans.json");
        Files.writeString(exported, otlpJson(spans.getFinishedSpanItems()) + "\n");
        OtlpSpanCheck check =
                new OtlpSpanCheck(TraceCheck.onClassPath(getClass().getClassLoader()));
        OtlpSpanCheck.Result clean = check.check(List.of(exported));
        assertTrue(clean.passed(), clean::table);
        assertEquals(result.path().size() - 1, clean.moves(), clean::table);

        // the first step edited to claim CONTINUE -> PENDING, a state the LinuxAgent does not have
        String text = Files.readString(exported);
        String move = "\"agentfsm.to\",\"value\":{\"stringValue\":\"";
        int at = text.indexOf(move);
        assertTrue(at > 0, "the export names the moves' targets");
        int end = text.indexOf('"', at + move.length());
        Path edited = dir.resolve("edited.json");
        Files.writeString(edited, text.substring(0, at + move.length()) + "PENDING" + text.substring(end));
        OtlpSpanCheck.Result broken = check.check(List.of(edited));
        assertFalse(broken.passed());
        assertEquals(1, broken.findings().size(), broken::table);
        assertEquals(TraceReport.Kind.UNKNOWN_STATUS, broken.findings().get(0).kind(), broken::table);
    }

    /** One export request as OTLP JSON, written by the OTLP exporter's own encoding. */
    private static String otlpJson(List<SpanData> spans) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TraceRequestMarshaler.create(spans).writeJsonTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
