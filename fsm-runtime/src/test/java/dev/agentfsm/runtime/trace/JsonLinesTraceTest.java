package dev.agentfsm.runtime.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesTraceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static TransitionEvent event(int step) {
        return new TransitionEvent(
                "s-1", 2, step, "HostAgent", HostStatus.ASSIGN, AppStatus.CONTINUE, Trigger.SYSTEM, 1234);
    }

    private List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            nodes.add(JSON.readTree(line));
        }
        return nodes;
    }

    @Test
    void oneObjectPerTransitionWithEveryField() throws IOException {
        Path file = dir.resolve("traces/run.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(event(3));
            assertEquals(1, Files.readAllLines(file).size(), "the line is in the file before close");
        }
        assertEquals(
                "{\"event\":\"transition\",\"session\":\"s-1\",\"round\":2,\"step\":3,\"agent\":\"HostAgent\","
                        + "\"machine\":\"HostAgent\",\"from\":\"ASSIGN\",\"to\":\"AppAgent.CONTINUE\",\"trigger\":\"SYSTEM\","
                        + "\"nanos\":1234}",
                Files.readString(file).strip());
    }

    @Test
    void oneObjectPerRoundEndWithTheResult() throws IOException {
        Path file = dir.resolve("run.jsonl");
        RoundResult result = new RoundResult(
                Outcome.ILLEGAL_TRANSITION,
                "HostAgent.ASSIGN asked to move to \"FAIL\"",
                HostStatus.ASSIGN,
                List.of(HostStatus.CONTINUE, HostStatus.ASSIGN),
                2,
                Optional.empty(),
                Optional.of(new RoundResult.Violation(HostStatus.ASSIGN, "FAIL", HostStatus.ASSIGN.targets())),
                Optional.of("partial"),
                List.of(),
                Optional.empty());
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onRoundEnd("s-1", 1, result);
        }
        JsonNode end = lines(file).get(0);
        assertEquals("roundEnd", end.get("event").asText());
        assertEquals("ILLEGAL_TRANSITION", end.get("outcome").asText());
        assertEquals(
                "HostAgent.ASSIGN asked to move to \"FAIL\"", end.get("reason").asText());
        assertEquals("HostAgent.ASSIGN", end.get("finalStatus").asText());
        assertEquals(
                "[\"HostAgent.CONTINUE\",\"HostAgent.ASSIGN\"]", end.get("path").toString());
        assertEquals(2, end.get("steps").asInt());
        assertEquals(
                "{\"machine\":\"HostAgent\",\"from\":\"ASSIGN\",\"requested\":\"FAIL\","
                        + "\"allowed\":[\"AppAgent.CONTINUE\"]}",
                end.get("violation").toString(),
                "a target of another machine is qualified with it");
        assertEquals("partial", end.get("result").asText());
        assertFalse(end.has("error"));
    }

    @Test
    void oneObjectPerSubtaskEndAndTheRoundEndListsThem() throws IOException {
        Path file = dir.resolve("run.jsonl");
        ArchivedSubtask copied = new ArchivedSubtask("Copy the table", AppStatus.FINISH, "copied 4 rows");
        ArchivedSubtask charted = new ArchivedSubtask("Chart it", AppStatus.FAIL, "no chart button");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onSubtaskEnd(new SubtaskEvent("s-1", 2, 4, "AppAgent/Word", AppStatus.FINISH, 1, copied));
            trace.onRoundEnd("s-1", 2, completed(9, List.of(copied, charted)));
        }
        List<JsonNode> lines = lines(file);
        assertEquals(
                "{\"event\":\"subtaskEnd\",\"session\":\"s-1\",\"round\":2,\"step\":4,"
                        + "\"agent\":\"AppAgent/Word\",\"machine\":\"AppAgent\",\"state\":\"FINISH\",\"number\":1,"
                        + "\"subtask\":\"Copy the table\",\"status\":\"AppAgent.FINISH\",\"result\":\"copied 4 rows\"}",
                lines.get(0).toString());
        assertEquals(
                "[{\"subtask\":\"Copy the table\",\"status\":\"AppAgent.FINISH\",\"result\":\"copied 4 rows\"},"
                        + "{\"subtask\":\"Chart it\",\"status\":\"AppAgent.FAIL\",\"result\":\"no chart button\"}]",
                lines.get(1).get("subtasks").toString());
    }

    @Test
    void aRoundWithoutSubtasksWritesNoSubtasksField() throws IOException {
        Path file = dir.resolve("run.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onRoundEnd("s-1", 1, completed(1, List.of()));
        }
        assertFalse(lines(file).get(0).has("subtasks"));
    }

    @Test
    void anExistingFileIsAppendedTo() throws IOException {
        Path file = dir.resolve("run.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(event(1));
        }
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(event(2));
        }
        assertEquals(
                List.of(1, 2),
                lines(file).stream().map(n -> n.get("step").asInt()).toList());
    }

    @Test
    void everyLineStartsWithItsObject() throws IOException {
        Path file = dir.resolve("run.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(event(1));
            trace.onTransition(event(2));
            trace.onRoundEnd("s-1", 2, completed(1, List.of()));
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(3, lines.size());
        for (String line : lines) {
            assertTrue(line.startsWith("{\"event\":\"") && line.endsWith("}"), line);
        }
    }

    @Test
    void manySessionsShareOneTraceWithoutTornLines() throws Exception {
        Path file = dir.resolve("shared.jsonl");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                writers.add(pool.submit(() -> {
                    for (int i = 1; i <= 200; i++) {
                        trace.onTransition(event(i));
                    }
                }));
            }
            for (Future<?> writer : writers) {
                writer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(800, lines(file).size(), "every line parses on its own");
    }

    @Test
    void twoTracesAppendingToOneFileNeverTearEachOthersLongLines() throws Exception {
        Path file = dir.resolve("shared.jsonl");
        String longReason = "r".repeat(50_000);
        RoundResult result = new RoundResult(
                Outcome.ERROR,
                longReason,
                HostStatus.ERROR,
                List.of(HostStatus.CONTINUE),
                1,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                Optional.empty());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (JsonLinesTrace first = JsonLinesTrace.open(file);
                JsonLinesTrace second = JsonLinesTrace.open(file)) {
            List<Future<?>> writers = new ArrayList<>();
            for (JsonLinesTrace trace : List.of(first, second)) {
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < 100; i++) {
                        trace.onRoundEnd("s-" + i, i, result);
                    }
                }));
            }
            for (Future<?> writer : writers) {
                writer.get();
            }
        } finally {
            pool.shutdown();
        }
        List<JsonNode> nodes = lines(file);
        assertEquals(200, nodes.size());
        for (JsonNode node : nodes) {
            assertEquals(longReason, node.get("reason").asText());
        }
    }

    @Test
    void hugeFieldsAreCutSoThatALineStaysUnderTheCap() throws IOException {
        Path file = dir.resolve("run.jsonl");
        String huge = "\u001B]52;c;" + "é".repeat(8 * 1024 * 1024);
        List<Status> longPath = java.util.Collections.nCopies(100_000, AppStatus.CONTINUE);
        RoundResult result = new RoundResult(
                Outcome.ILLEGAL_TRANSITION,
                huge,
                AppStatus.CONTINUE,
                longPath,
                100_000,
                Optional.of(new IllegalStateException(huge)),
                Optional.of(new RoundResult.Violation(AppStatus.CONTINUE, huge, AppStatus.CONTINUE.targets())),
                Optional.of(huge),
                List.of(),
                Optional.empty());
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onRoundEnd("s-1", 1, result);
            trace.onTransition(
                    new TransitionEvent(huge, 1, 1, huge, AppStatus.CONTINUE, AppStatus.FINISH, Trigger.LLM, 5));
        }

        List<String> written = linesUnderTheCap(file, 2);
        JsonNode end = JSON.readTree(written.get(0));
        String reason = end.get("reason").asText();
        assertTrue(
                reason.startsWith("\u001B]52;c;éé") && reason.endsWith("é... (" + huge.length() + " chars)"),
                reason.substring(0, 20) + " ... " + reason.substring(reason.length() - 30));
        assertTrue(reason.length() > 20_000, "the first big field takes what room there is: " + reason.length());
        assertEquals("... (" + huge.length() + " chars)", end.get("result").asText(), "no room is left for the last");
        assertEquals("ILLEGAL_TRANSITION", end.get("outcome").asText());
        assertEquals(100_000, end.get("steps").asInt());
        JsonNode path = end.get("path");
        assertTrue(
                path.get(path.size() - 1).asText().matches("\\.\\.\\. \\(\\d+ more\\)"),
                path.get(path.size() - 1).asText());
        JsonNode transition = JSON.readTree(written.get(1));
        assertEquals("FINISH", transition.get("to").asText());
        assertEquals(5, transition.get("nanos").asInt());
    }

    @Test
    void aRoundThatAnExceptionLeftGetsALineOfItsOwn() throws IOException {
        Path file = dir.resolve("run.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(event(1));
            trace.onRoundFailed("s-1", 2, new UncheckedIOException("cannot append to the journal", new IOException()));
            trace.onRoundFailed("s-1", 3, new OutOfMemoryError());
        }

        List<String> written = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(3, written.size(), String.join("\n", written));
        assertEquals(
                "{\"event\":\"roundFailed\",\"session\":\"s-1\",\"round\":2,"
                        + "\"exception\":\"java.io.UncheckedIOException\",\"message\":\"cannot append to the journal\"}",
                written.get(1));
        assertEquals(
                "{\"event\":\"roundFailed\",\"session\":\"s-1\",\"round\":3,"
                        + "\"exception\":\"java.lang.OutOfMemoryError\"}",
                written.get(2),
                "an exception without a message has no \"message\"");
    }

    @Test
    void aFailedRoundsHugeMessageIsEscapedAndCutUnderTheCap() throws IOException {
        Path file = dir.resolve("run.jsonl");
        String huge = "\u001B]52;c;" + "é".repeat(1024 * 1024);
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onRoundFailed(huge, 1, new IllegalStateException(huge));
        }

        JsonNode failed = JSON.readTree(linesUnderTheCap(file, 1).get(0));
        assertEquals("roundFailed", failed.get("event").asText());
        assertEquals("java.lang.IllegalStateException", failed.get("exception").asText(), "a short field stays whole");
        assertTrue(failed.get("session").asText().endsWith("é... (" + huge.length() + " chars)"));
        assertEquals("... (" + huge.length() + " chars)", failed.get("message").asText(), "no room is left for it");
        assertFalse(Files.readString(file).contains("\u001B"), "the escape character is written escaped");
    }

    @Test
    void hugeSubtasksAreCutSoThatTheirLinesStayUnderTheCap() throws IOException {
        Path file = dir.resolve("run.jsonl");
        String huge = "x".repeat(1024 * 1024);
        ArchivedSubtask big = new ArchivedSubtask(huge, AppStatus.FINISH, huge);
        List<ArchivedSubtask> many = java.util.Collections.nCopies(10_000, big);
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onSubtaskEnd(new SubtaskEvent("s-1", 1, 3, "AppAgent/Word", AppStatus.FINISH, 1, big));
            trace.onRoundEnd("s-1", 1, completed(3, many));
        }

        List<String> written = linesUnderTheCap(file, 2);
        JsonNode end = JSON.readTree(written.get(1));
        JsonNode subtask = JSON.readTree(written.get(0));
        assertTrue(
                subtask.get("subtask").asText().endsWith("x... (" + huge.length() + " chars)"),
                "the first big field takes what room there is");
        assertEquals("AppAgent.FINISH", subtask.get("status").asText(), "a short field stays whole");
        assertEquals("... (" + huge.length() + " chars)", subtask.get("result").asText(), "no room is left for it");
        JsonNode subtasks = end.get("subtasks");
        assertTrue(subtasks.size() > 1 && subtasks.size() < many.size(), "entries: " + subtasks.size());
        assertEquals(
                "... (" + (many.size() - subtasks.size() + 1) + " more)",
                subtasks.get(subtasks.size() - 1).asText());
        assertEquals("AppAgent.FINISH", subtasks.get(0).get("status").asText());
    }

    @Test
    void aTornLastLineIsCutBeforeAppending() throws IOException {
        Path file = dir.resolve("run.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(event(1));
        }
        // a run killed in the middle of its second line
        Files.writeString(
                file, "{\"event\":\"transition\",\"session\":\"s-1\",\"rou", java.nio.file.StandardOpenOption.APPEND);

        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(event(3));
        }

        assertEquals(
                List.of(1, 3),
                lines(file).stream().map(n -> n.get("step").asInt()).toList(),
                "every line parses; the torn one is gone");
    }

    @Test
    void aFileThatIsOneTornLineIsEmptiedBeforeAppending() throws IOException {
        Path file = dir.resolve("run.jsonl");
        Files.writeString(file, "{\"event\":\"roundEnd\",\"reason\":\"" + "r".repeat(100_000));

        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(event(7));
        }

        assertEquals(
                List.of(7), lines(file).stream().map(n -> n.get("step").asInt()).toList());
    }

    @Test
    void aFailedWriteLeavesNoHalfLineAndTheNextLineIsWhole() throws IOException {
        FlakyStream out = new FlakyStream();
        try (JsonLinesTrace trace = JsonLinesTrace.over(dir.resolve("flaky.jsonl"), out)) {
            out.failNext = true;
            RoundResult longLine = new RoundResult(
                    Outcome.ERROR,
                    "r".repeat(50_000),
                    HostStatus.ERROR,
                    List.of(),
                    1,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    List.of(),
                    Optional.empty());
            UncheckedIOException e =
                    assertThrows(UncheckedIOException.class, () -> trace.onRoundEnd("s-1", 1, longLine));
            assertTrue(
                    e.getMessage().startsWith("cannot write the trace file " + dir.resolve("flaky.jsonl")),
                    e.getMessage());
            trace.onTransition(event(2));
        }
        List<String> written =
                List.of(out.written.toString(StandardCharsets.UTF_8).split("\n"));
        assertEquals(1, written.size(), written.toString());
        assertEquals(2, JSON.readTree(written.get(0)).get("step").asInt());
    }

    /** A stream whose next write fails once when told to, as a full disk would. */
    private static final class FlakyStream extends java.io.OutputStream {
        final java.io.ByteArrayOutputStream written = new java.io.ByteArrayOutputStream();
        boolean failNext;

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (failNext) {
                failNext = false;
                throw new IOException("No space left on device");
            }
            written.write(bytes, offset, length);
        }
    }

    @Test
    void aClosedTraceRefusesToWriteAndAnUnwritableFileIsNamed() throws IOException {
        Path file = dir.resolve("run.jsonl");
        JsonLinesTrace trace = JsonLinesTrace.open(file);
        trace.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class, () -> trace.onTransition(event(1)));
        assertEquals("the trace " + file + " is closed", closed.getMessage());
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> JsonLinesTrace.open(dir));
        assertTrue(e.getMessage().startsWith("cannot open the trace file " + dir), e.getMessage());
    }

    /** The {@code count} lines of {@code file}, each checked to be, newline included, at most {@code MAX_LINE_BYTES}. */
    private static List<String> linesUnderTheCap(Path file, int count) throws IOException {
        List<String> written = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(count, written.size());
        for (String line : written) {
            int bytes = line.getBytes(StandardCharsets.UTF_8).length + 1;
            assertTrue(bytes <= JsonLinesTrace.MAX_LINE_BYTES, bytes + " bytes");
        }
        return written;
    }

    /** A round that {@code HostAgent.FINISH} completed after {@code steps} steps, having ended {@code subtasks}. */
    private static RoundResult completed(int steps, List<ArchivedSubtask> subtasks) {
        return new RoundResult(
                Outcome.COMPLETED,
                "done",
                HostStatus.FINISH,
                List.of(HostStatus.FINISH),
                steps,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                subtasks,
                Optional.empty());
    }
}
