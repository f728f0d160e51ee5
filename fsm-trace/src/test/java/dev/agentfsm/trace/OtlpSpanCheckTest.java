package dev.agentfsm.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OtlpSpanCheckTest {
    private final OtlpSpanCheck check =
            new OtlpSpanCheck(TraceCheck.of(List.of(HostStatus.CONTINUE.machine(), AppStatus.CONTINUE.machine())));

    /** One line of the collector's file exporter: the spans of one export, as fsm-opentelemetry names them. */
    private static String export(String... spans) {
        return "{\"resourceSpans\":[{\"resource\":{},\"scopeSpans\":[{\"scope\":{\"name\":\"dev.agentfsm.opentelemetry\"},"
                + "\"spans\":[" + String.join(",", spans) + "]}]}]}";
    }

    private static String step(String id, int step, String state, String to, String toMachine, String trigger) {
        String handOff = toMachine.isEmpty()
                ? ""
                : ",{\"key\":\"agentfsm.to_machine\",\"value\":{\"stringValue\":\"" + toMachine + "\"}}";
        return "{\"traceId\":\"0af7651916cd43dd8448eb211c80319c\",\"spanId\":\"" + id + "\",\"name\":\"step HostAgent."
                + state + "\",\"attributes\":["
                + "{\"key\":\"agentfsm.machine\",\"value\":{\"stringValue\":\"HostAgent\"}},"
                + "{\"key\":\"agentfsm.state\",\"value\":{\"stringValue\":\"" + state + "\"}},"
                + "{\"key\":\"agentfsm.session\",\"value\":{\"stringValue\":\"s-1\"}},"
                + "{\"key\":\"agentfsm.round\",\"value\":{\"intValue\":\"1\"}},"
                + "{\"key\":\"agentfsm.step\",\"value\":{\"intValue\":\"" + step + "\"}},"
                + "{\"key\":\"agentfsm.move\",\"value\":{\"stringValue\":\"" + state + "->" + to + "\"}},"
                + "{\"key\":\"agentfsm.to\",\"value\":{\"stringValue\":\"" + to + "\"}},"
                + "{\"key\":\"agentfsm.trigger\",\"value\":{\"stringValue\":\"" + trigger + "\"}}" + handOff + "]}";
    }

    private static final String CHAT = "{\"spanId\":\"c1\",\"name\":\"chat gpt\",\"attributes\":["
            + "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}}]}";

    @Test
    void declaredMovesPassAndAnEditedSpanWithAnUndeclaredMoveFails(@TempDir Path dir) throws IOException {
        Path spans = dir.resolve("spans.json");
        Files.writeString(
                spans,
                export(step("a1", 1, "CONTINUE", "ASSIGN", "", "LLM"), CHAT) + "\n"
                        + export(step("a2", 2, "ASSIGN", "CONTINUE", "AppAgent", "SYSTEM")) + "\n");
        OtlpSpanCheck.Result clean = check.check(spans);
        assertEquals(2, clean.moves());
        assertTrue(clean.passed(), clean.findings()::toString);

        // the second span edited: ASSIGN now claims to have gone to FINISH, which it does not declare
        Path edited = dir.resolve("edited.json");
        Files.writeString(
                edited,
                Files.readString(spans)
                        .replace(
                                "{\"key\":\"agentfsm.to\",\"value\":{\"stringValue\":\"CONTINUE\"}}",
                                "{\"key\":\"agentfsm.to\",\"value\":{\"stringValue\":\"FINISH\"}}")
                        .replace(",{\"key\":\"agentfsm.to_machine\",\"value\":{\"stringValue\":\"AppAgent\"}}", ""));
        OtlpSpanCheck.Result result = check.check(edited);
        assertFalse(result.passed());
        assertEquals(1, result.findings().size(), result.findings()::toString);
        TraceReport.Finding finding = result.findings().get(0);
        assertEquals(TraceReport.Kind.ILLEGAL_MOVE, finding.kind());
        assertEquals(2, finding.line());
        assertTrue(
                finding.message().contains("span a2") && finding.message().contains("ASSIGN -> FINISH"),
                finding.message());
    }

    @Test
    void anUnknownMachineIsAFindingAndALineThatIsNotJsonNamesTheFile(@TempDir Path dir) throws IOException {
        Path spans = dir.resolve("spans.json");
        Files.writeString(
                spans, export(step("b1", 1, "CONTINUE", "ASSIGN", "", "LLM").replace("HostAgent", "Nobody")));
        assertEquals(
                TraceReport.Kind.UNKNOWN_MACHINE,
                check.check(spans).findings().get(0).kind());

        Files.writeString(spans, "not json\n");
        IOException e = assertThrows(IOException.class, () -> check.check(spans));
        assertTrue(e.getMessage().contains("spans.json:1"), e.getMessage());
    }

    @Test
    void aLineOfJsonThatIsNotAnExportRequestIsAnErrorNotAPassWithNoMoves(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trace.jsonl");
        Files.writeString(
                trace,
                export(step("c1", 1, "CONTINUE", "ASSIGN", "", "LLM")) + "\n"
                        + "{\"event\":\"transition\",\"machine\":\"HostAgent\",\"from\":\"CONTINUE\",\"to\":\"FINISH\"}\n");
        IOException e = assertThrows(IOException.class, () -> check.check(trace));
        assertTrue(e.getMessage().startsWith(trace + ":2 is JSON but not an OTLP export request"), e.getMessage());
        assertTrue(e.getMessage().contains("leave out --otlp"), e.getMessage());
    }

    @Test
    void bytesThatAreNotUtf8AreAnErrorNamingTheFileAndLine(@TempDir Path dir) throws IOException {
        Path spans = dir.resolve("spans.json");
        String edited = export(step("d1", 1, "CONTINUE", "ASSIGN", "", "LLM")).replace("CONTINUE", "CONT\u0001NUE");
        byte[] bytes = (export(step("d0", 1, "CONTINUE", "ASSIGN", "", "LLM")) + "\n" + edited + "\n")
                .getBytes(StandardCharsets.UTF_8);
        // a Latin-1 editor's save: the byte 0xFF alone is no UTF-8 character
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = bytes[i] == 1 ? (byte) 0xFF : bytes[i];
        }
        Files.write(spans, bytes);

        IOException e = assertThrows(IOException.class, () -> check.check(spans));

        assertTrue(e.getMessage().startsWith(spans + ":2 is not OTLP JSON"), e.getMessage());
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }

    @Test
    void aSpanOverSeveralLinesIsNamedByTheLineItStartsOn(@TempDir Path dir) throws IOException {
        Path spans = dir.resolve("spans.json");
        String step = step("e1", 1, "ASSIGN", "FINISH", "", "LLM");
        Files.writeString(
                spans, "{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [\n" + CHAT + ",\n" + step + "\n]}]}]}\n");

        OtlpSpanCheck.Result result = check.check(spans);

        assertEquals(1, result.moves());
        assertEquals(3, result.findings().get(0).line(), result.findings()::toString);
    }
}
