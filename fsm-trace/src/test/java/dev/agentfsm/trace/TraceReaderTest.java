package dev.agentfsm.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceReaderTest {

    @TempDir
    Path dir;

    private static List<TraceEntry> read(String text) {
        try (Stream<TraceEntry> entries =
                TraceReader.entries(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "test")) {
            return entries.toList();
        }
    }

    private static String problem(TraceEntry entry) {
        return assertInstanceOf(TraceEntry.Unreadable.class, entry).problem();
    }

    @Test
    void readsBackWhatTheTraceWrote() throws IOException {
        Path file = dir.resolve("trace.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onTransition(new TransitionEvent(
                    "s-1", 2, 3, "HostAgent", HostStatus.ASSIGN, AppStatus.CONTINUE, Trigger.SYSTEM, 1234));
            trace.onRoundEnd(
                    "s-1",
                    2,
                    new RoundResult(
                            Outcome.ERROR,
                            "it failed",
                            HostStatus.FINISH,
                            List.of(HostStatus.CONTINUE, HostStatus.ERROR, HostStatus.FINISH),
                            3,
                            Optional.of(new IllegalStateException("boom")),
                            Optional.empty(),
                            Optional.of("half done"),
                            List.of(),
                            Optional.empty()));
        }
        List<TraceEntry> entries;
        try (Stream<TraceEntry> stream = TraceReader.entries(file)) {
            entries = stream.toList();
        }
        assertEquals(
                new TraceEntry.Transition(
                        1,
                        "s-1",
                        2,
                        3,
                        "HostAgent",
                        "HostAgent",
                        "ASSIGN",
                        "AppAgent.CONTINUE",
                        "SYSTEM",
                        1234,
                        Optional.empty()),
                entries.get(0));
        TraceEntry.Transition handOff = (TraceEntry.Transition) entries.get(0);
        assertEquals("AppAgent", handOff.toMachine());
        assertEquals("CONTINUE", handOff.toStatus());
        assertEquals(
                new TraceEntry.RoundEnd(
                        2,
                        "s-1",
                        2,
                        "ERROR",
                        "it failed",
                        "HostAgent.FINISH",
                        List.of("HostAgent.CONTINUE", "HostAgent.ERROR", "HostAgent.FINISH"),
                        3,
                        Optional.of("java.lang.IllegalStateException: boom"),
                        Optional.of("half done")),
                entries.get(1));
    }

    @Test
    void readsBackARoundThatAnExceptionLeft() throws IOException {
        Path file = dir.resolve("trace.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            trace.onRoundFailed("s-1", 2, new java.io.UncheckedIOException("cannot append", new IOException()));
            trace.onRoundFailed("s-1", 3, new StackOverflowError());
        }
        List<TraceEntry> entries;
        try (Stream<TraceEntry> stream = TraceReader.entries(file)) {
            entries = stream.toList();
        }
        assertEquals(
                List.of(
                        new TraceEntry.RoundFailed(
                                1, "s-1", 2, "java.io.UncheckedIOException", Optional.of("cannot append")),
                        new TraceEntry.RoundFailed(2, "s-1", 3, "java.lang.StackOverflowError", Optional.empty())),
                entries);
        assertEquals(
                "java.io.UncheckedIOException: cannot append", ((TraceEntry.RoundFailed) entries.get(0)).failure());
        assertEquals("java.lang.StackOverflowError", ((TraceEntry.RoundFailed) entries.get(1)).failure());
    }

    @Test
    void aRoundFailedLineMustNameItsExceptionAsTextButOtherEventsMayUseThoseNames() {
        List<TraceEntry> entries = read(String.join(
                "\n",
                "{\"event\":\"roundFailed\",\"session\":\"s\",\"round\":1}",
                "{\"event\":\"roundFailed\",\"exception\":7}",
                "{\"message\":{\"text\":\"hi\"},\"event\":\"roundFailed\",\"exception\":\"E\"}",
                "{\"event\":\"note\",\"exception\":7,\"message\":{\"text\":\"hi\"}}",
                "{\"event\":\"transition\",\"machine\":\"M\",\"from\":\"A\",\"to\":\"B\",\"trigger\":\"LLM\","
                        + "\"message\":[1]}",
                ""));
        assertEquals("a roundFailed without \"exception\"", problem(entries.get(0)));
        assertEquals("\"exception\" is a number, not text", problem(entries.get(1)));
        assertEquals("\"message\" is an object, not text", problem(entries.get(2)));
        assertEquals(new TraceEntry.Other(4, "note"), entries.get(3), "another tool's line reads as before");
        assertInstanceOf(TraceEntry.Transition.class, entries.get(4), "a field of another line is skipped as before");
    }

    @Test
    void aMoveWithinItsMachineHasTheSameMachineAsTarget() {
        TraceEntry.Transition move =
                (TraceEntry.Transition) read("{\"event\":\"transition\",\"machine\":\"LinuxAgent\","
                                + "\"from\":\"CONTINUE\",\"to\":\"FINISH\",\"trigger\":\"LLM\",\"action\":\"ls -l\"}\n")
                        .get(0);
        assertEquals("LinuxAgent", move.toMachine());
        assertEquals("FINISH", move.toStatus());
        assertEquals(Optional.of("ls -l"), move.action(), "an action is read when a line records one");
        assertEquals("", move.session(), "fields a check does not need may be absent");
    }

    @Test
    void anActionThatIsNotTextIsKeptAsCompactJson() {
        String move = "{\"event\":\"transition\",\"machine\":\"M\",\"from\":\"A\",\"to\":\"B\",\"trigger\":\"LLM\",";
        List<TraceEntry> entries = read(move + "\"action\": {\"type\": \"click\", \"at\": [1, 2.5], \"é\": null}}\n"
                + move + "\"action\": 7}\n" + move + "\"action\": null}\n");
        assertEquals(
                Optional.of("{\"type\":\"click\",\"at\":[1,2.5],\"é\":null}"),
                ((TraceEntry.Transition) entries.get(0)).action());
        assertEquals(Optional.of("7"), ((TraceEntry.Transition) entries.get(1)).action());
        assertEquals(Optional.empty(), ((TraceEntry.Transition) entries.get(2)).action(), "null records none");
    }

    @Test
    void everyBadLineIsReportedWithItsNumberAndTheRestIsRead() {
        String move = "{\"event\":\"transition\",\"machine\":\"M\",\"from\":\"A\",\"to\":\"B\",\"trigger\":\"LLM\"}";
        List<TraceEntry> entries = read(String.join(
                        "\n",
                        move, // 1
                        "not json at all", // 2
                        "", // 3: blank, passed over
                        "[1, 2]", // 4
                        "{\"event\":\"transition\",\"machine\":\"M\"}", // 5
                        "{\"event\":\"transition\",\"machine\":\"M\",\"from\":7,\"to\":\"B\",\"trigger\":\"LLM\"}", // 6
                        "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\",\"steps\":1.5}", // 7
                        move + " {}", // 8
                        "{\"from\":\"A\"}", // 9
                        "{\"event\":\"checkpoint\",\"at\":{\"deep\":[1,2,3]}}", // 10: another event
                        "{\"event\":\"transition\",\"machine\":\"M\",\"from\":\"A\"", // 11
                        "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\",\"round\":99999999999}", // 12
                        "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\",\"path\":[\"M.A\",3]}", // 13
                        "\t  ", // 14: blank
                        move + "\r", // 15: CRLF
                        "{\"event\":\"roundEnd\"}")) // 16, no newline at the end
                ;
        assertEquals(
                List.of(1L, 2L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L, 15L, 16L),
                entries.stream().map(TraceEntry::line).toList());
        assertInstanceOf(TraceEntry.Transition.class, entries.get(0));
        assertTrue(
                problem(entries.get(1)).startsWith("not JSON (at column 1): Unrecognized token 'not'"),
                problem(entries.get(1)));
        assertEquals("not a JSON object", problem(entries.get(2)));
        assertEquals("a transition without \"from\", \"to\", \"trigger\"", problem(entries.get(3)));
        assertEquals("\"from\" is a number, not text", problem(entries.get(4)));
        assertEquals("\"steps\" is a fraction, not a whole number", problem(entries.get(5)));
        assertEquals("more than one JSON value on the line", problem(entries.get(6)));
        assertEquals("no \"event\" field", problem(entries.get(7)));
        assertEquals(new TraceEntry.Other(10, "checkpoint"), entries.get(8));
        assertTrue(problem(entries.get(9)).startsWith("not JSON"), problem(entries.get(9)));
        assertEquals("\"round\" is too large, not a whole number", problem(entries.get(10)));
        assertEquals("\"path\" holds a number, not only text", problem(entries.get(11)));
        assertEquals("A", ((TraceEntry.Transition) entries.get(12)).from(), "a \\r before the newline is dropped");
        assertEquals(
                "the last line is cut off (the file does not end with a newline; a run stopped while writing it?):"
                        + " a roundEnd without \"outcome\"",
                problem(entries.get(13)));
    }

    @Test
    void aNegativeTimeIsUnreadableNotANegativeMeanInTheStats() {
        String move = "{\"event\":\"transition\",\"machine\":\"M\",\"from\":\"A\",\"to\":\"B\",\"trigger\":\"LLM\"";
        List<TraceEntry> entries = read(move + ",\"nanos\":-5}\n" + move + ",\"nanos\":0}\n");
        assertEquals("\"nanos\" is -5, not a time (nanoseconds, 0 or more)", problem(entries.get(0)));
        assertEquals(0, ((TraceEntry.Transition) entries.get(1)).nanos());
    }

    @Test
    void aWholeLastLineWithoutANewlineIsRead() {
        List<TraceEntry> entries = read("{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\"}");
        assertEquals(
                "COMPLETED",
                assertInstanceOf(TraceEntry.RoundEnd.class, entries.get(0)).outcome());
    }

    @Test
    void aTornLastLineSaysItIsCutOff() {
        List<TraceEntry> entries = read("{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\"}\n{\"event\":\"trans");
        assertTrue(problem(entries.get(1)).startsWith("the last line is cut off"), problem(entries.get(1)));
    }

    @Test
    void aLineLongerThanTheLimitIsSkippedWithoutBeingHeld() {
        // 3 MiB of one line, delivered in small reads: only the limit is ever buffered
        String longLine = "{\"event\":\"transition\",\"reason\":\"" + "x".repeat(3 * 1024 * 1024) + "\"}";
        String next = "{\"event\":\"roundEnd\",\"outcome\":\"STEP_LIMIT\"}";
        byte[] bytes = (longLine + "\n" + next + "\n").getBytes(StandardCharsets.UTF_8);
        InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1000));
            }
        };
        List<TraceEntry> entries;
        try (Stream<TraceEntry> stream = TraceReader.entries(trickle, "trickle")) {
            entries = stream.toList();
        }
        assertEquals("longer than 1048576 bytes (" + longLine.length() + " bytes); skipped", problem(entries.get(0)));
        assertEquals(
                new TraceEntry.RoundEnd(
                        2, "", 0, "STEP_LIMIT", "", "", List.of(), 0, Optional.empty(), Optional.empty()),
                entries.get(1));
    }

    @Test
    void aLineOfExactlyTheLimitIsRead() {
        String prefix = "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\",\"reason\":\"";
        String line = prefix + "y".repeat(TraceReader.MAX_LINE_BYTES - prefix.length() - 2) + "\"}";
        assertEquals(TraceReader.MAX_LINE_BYTES, line.length());
        TraceEntry.RoundEnd end =
                assertInstanceOf(TraceEntry.RoundEnd.class, read(line + "\n").get(0));
        assertEquals(
                TraceReader.MAX_LINE_BYTES - prefix.length() - 2, end.reason().length());
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope.jsonl");
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> TraceReader.entries(missing));
        assertEquals(missing.toString(), e.getFile());
    }

    @Test
    void closingTheStreamClosesTheFile() throws IOException {
        Path file = Files.writeString(dir.resolve("t.jsonl"), "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\"}\n");
        boolean[] closed = {false};
        InputStream in = new ByteArrayInputStream(Files.readAllBytes(file)) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        try (Stream<TraceEntry> entries = TraceReader.entries(in, "t")) {
            assertEquals(1, entries.count());
        }
        assertTrue(closed[0]);
    }
}
