package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trace check --otlp}: the LinuxAgent's step spans as OTLP JSON (one export request a line, the
 * attributes fsm-opentelemetry writes), checked against the machine on the CLI's class path.
 */
class TraceCheckOtlpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void declaredMovesPassAndAnEditedSpanFailsNamingItsIdAndLine() throws IOException {
        Path spans = dir.resolve("spans.json");
        Files.writeString(
                spans,
                export(step("5b8aa5a2d2c872e8", "CONTINUE", "CONTINUE"), step("d1e2f3a4b5c6d7e8", "CONTINUE", "FINISH"))
                        + "\n");

        Cli passed = Cli.run("trace", "check", "--otlp", spans.toString());
        assertEquals("", passed.err());
        assertEquals(0, passed.exitCode(), passed.out());
        assertEquals("read 1 span file: 2 moves\n\nPASSED: every move (2) is declared by its machine\n", passed.out());

        // a second export in which FINISH claims a move it does not declare
        Files.writeString(
                spans, Files.readString(spans) + export(step("0badc0ffee000001", "FINISH", "CONTINUE")) + "\n");
        Cli failed = Cli.run("trace", "check", "--otlp", spans.toString());
        assertEquals(1, failed.exitCode(), failed.out());
        assertTrue(failed.out().contains(spans + ":2"), failed.out());
        assertTrue(
                failed.out().contains("span 0badc0ffee000001: LinuxAgent: FINISH -> CONTINUE by 'LLM' is not declared"),
                failed.out());
        assertTrue(failed.out().endsWith("\nFAILED: 1 illegal move\n"), failed.out());

        JsonNode json = JSON.readTree(Cli.run("trace", "check", "--otlp", "--format", "json", spans.toString())
                .out());
        assertEquals(false, json.path("passed").asBoolean(true));
        assertEquals(3, json.path("moves").asInt());
        assertEquals("ILLEGAL_MOVE", json.path("findings").path(0).path("kind").asText());
        assertEquals(2, json.path("findings").path(0).path("line").asInt());
    }

    @Test
    void aFileThatIsNotOtlpJsonIsAnErrorNamingItsLine() throws IOException {
        Path spans = dir.resolve("spans.json");
        Files.writeString(spans, export(step("5b8aa5a2d2c872e8", "CONTINUE", "FINISH")) + "\n{torn\n");

        Cli cli = Cli.run("trace", "check", "--otlp", spans.toString());

        assertEquals(1, cli.exitCode(), cli.err());
        assertTrue(cli.err().contains(spans + ":2 is not OTLP JSON"), cli.err());
    }

    @Test
    void aBatchOnOneLineLargerThanTheHeapIsCheckedSpanBySpan() throws Exception {
        // the collector writes a whole batch as one line; here one that holds 64 MiB of a resource's attribute,
        // checked by a JVM of 48 MiB of heap, which cannot hold the line
        Path spans = dir.resolve("batch.json");
        ObjectNode request = (ObjectNode) JSON.readTree(export(step("5b8aa5a2d2c872e8", "CONTINUE", "FINISH")));
        ((ObjectNode) request.path("resourceSpans").path(0))
                .putObject("resource")
                .putArray("attributes")
                .addObject()
                .put("key", "host.description")
                .putObject("value")
                .put("stringValue", "BIG");
        String[] around = request.toString().split("BIG");
        try (Writer out = Files.newBufferedWriter(spans)) {
            out.write(around[0]);
            char[] chunk = new char[1024 * 1024];
            Arrays.fill(chunk, 'x');
            for (int i = 0; i < 64; i++) {
                out.write(chunk);
            }
            out.write(around[1]);
            out.write("\n");
        }
        Path output = dir.resolve("out.txt");
        Process check = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx48m",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        AgentFsmCli.class.getName(),
                        "trace",
                        "check",
                        "--otlp",
                        spans.toString())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertTrue(check.waitFor(60, TimeUnit.SECONDS), "hang guard");

        assertEquals(
                "read 1 span file: 1 move\n\nPASSED: every move (1) is declared by its machine\n",
                Files.readString(output));
        assertEquals(0, check.exitValue());
    }

    @Test
    void bytesThatAreNotUtf8AreAnErrorNamingTheFileAndLine() throws IOException {
        Path spans = dir.resolve("latin1.json");
        Files.write(
                spans,
                (export(step("5b8aa5a2d2c872e8", "CONTINUE", "FINISH")) + "\n"
                                + export(step("0badc0ffee000001", "CONTINUE", "FINISH"))
                                        .replace("LLM", "L\u00ffM")
                                + "\n")
                        .getBytes(StandardCharsets.ISO_8859_1));

        Cli cli = Cli.run("trace", "check", "--otlp", spans.toString());

        assertEquals(1, cli.exitCode(), cli.err());
        assertTrue(cli.err().startsWith("agentfsm-cli trace check: " + spans + ":2 is not OTLP JSON"), cli.err());
        assertTrue(cli.err().contains("UTF-8"), cli.err());
    }

    @Test
    void anExportGivenWithoutOtlpFailsSayingToGiveIt() throws IOException {
        Path spans = dir.resolve("spans.json");
        Files.writeString(spans, export(step("5b8aa5a2d2c872e8", "CONTINUE", "FINISH")) + "\n");

        Cli cli = Cli.run("trace", "check", spans.toString());

        assertEquals(1, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.out().contains("(on the command line: agentfsm-cli trace check --otlp)"), cli.out());
    }

    /** One export request: a resource with one scope holding the spans. */
    private static String export(ObjectNode... spans) {
        ObjectNode request = JSON.createObjectNode();
        ObjectNode scope = request.putArray("resourceSpans")
                .addObject()
                .putArray("scopeSpans")
                .addObject();
        scope.putObject("scope").put("name", "dev.agentfsm.opentelemetry");
        ArrayNode list = scope.putArray("spans");
        for (ObjectNode span : spans) {
            list.add(span);
        }
        return request.toString();
    }

    /** A LinuxAgent step span that moved from {@code state} to {@code to} by the LLM. */
    private static ObjectNode step(String id, String state, String to) {
        ObjectNode span = JSON.createObjectNode()
                .put("traceId", "0af7651916cd43dd8448eb211c80319c")
                .put("spanId", id)
                .put("name", "step LinuxAgent." + state);
        ArrayNode attributes = span.putArray("attributes");
        text(attributes, "agentfsm.machine", "LinuxAgent");
        text(attributes, "agentfsm.state", state);
        text(attributes, "agentfsm.move", state + "->" + to);
        text(attributes, "agentfsm.to", to);
        text(attributes, "agentfsm.trigger", "LLM");
        attributes.addObject().put("key", "agentfsm.step").putObject("value").put("intValue", "1");
        return span;
    }

    private static void text(ArrayNode attributes, String key, String value) {
        attributes.addObject().put("key", key).putObject("value").put("stringValue", value);
    }
}
