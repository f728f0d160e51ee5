package dev.agentfsm.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceStatsTest {

    @TempDir
    Path dir;

    private static String move(String from, String to, long nanos) {
        return "{\"event\":\"transition\",\"machine\":\"LinuxAgent\",\"from\":\"" + from + "\",\"to\":\"" + to
                + "\",\"trigger\":\"LLM\",\"nanos\":" + nanos + "}";
    }

    private static String end(String outcome, int steps) {
        return "{\"event\":\"roundEnd\",\"outcome\":\"" + outcome + "\",\"steps\":" + steps + "}";
    }

    @Test
    void stepsPerRoundOutcomesAndTimePerState() throws IOException {
        Path file = Files.write(
                dir.resolve("t.jsonl"),
                List.of(
                        move("CONTINUE", "CONTINUE", 2_000_000),
                        move("CONTINUE", "FINISH", 4_000_000),
                        end("COMPLETED", 3),
                        move("CONTINUE", "FAIL", 6_000_000),
                        move("FAIL", "FINISH", 500_000),
                        end("COMPLETED", 3),
                        end("STEP_LIMIT", 50),
                        end("ERROR", 1),
                        "not json"));
        TraceStats stats = TraceStats.of(List.of(file));
        assertEquals(4, stats.transitions());
        assertEquals(1, stats.unreadable());
        assertEquals(4, stats.steps().rounds());
        assertEquals(1, stats.steps().min());
        assertEquals(50, stats.steps().max());
        assertEquals(57 / 4.0, stats.steps().mean());
        assertEquals(
                List.of(new TraceStats.Range(1, 1, 1), new TraceStats.Range(3, 4, 2), new TraceStats.Range(33, 64, 1)),
                stats.steps().histogram());
        assertEquals(Map.of("COMPLETED", 2L, "STEP_LIMIT", 1L, "ERROR", 1L), stats.outcomes());
        assertEquals(
                List.of(
                        new TraceStats.StateTime("LinuxAgent.CONTINUE", 3, 12_000_000, 6_000_000),
                        new TraceStats.StateTime("LinuxAgent.FAIL", 1, 500_000, 500_000)),
                stats.states());
        assertEquals(4_000_000, stats.states().get(0).meanNanos());
        assertEquals(
                "read 1 trace: 4 transitions, 4 round ends, 1 unreadable line\n"
                        + "\n"
                        + "steps per round: min 1, mean 14.3, max 50\n"
                        + "steps  rounds\n"
                        + "    1       1\n"
                        + "  3-4       2\n"
                        + "33-64       1\n"
                        + "\n"
                        + "outcome     rounds\n"
                        + "COMPLETED        2\n"
                        + "STEP_LIMIT       1\n"
                        + "ERROR            1\n"
                        + "\n"
                        + "state                steps  total ms  mean ms  max ms\n"
                        + "LinuxAgent.CONTINUE      3      12.0      4.0     6.0\n"
                        + "LinuxAgent.FAIL          1       0.5      0.5     0.5\n",
                stats.table());
        JsonNode json = new ObjectMapper().readTree(stats.json());
        assertEquals(0, json.get("failedRounds").asLong(), "an old trace has none");
        assertEquals(4, json.get("stepsPerRound").get("rounds").asInt());
        assertEquals(
                "{\"from\":33,\"to\":64,\"rounds\":1}",
                json.get("stepsPerRound").get("histogram").get(2).toString());
        assertEquals(12_000_000, json.get("states").get(0).get("totalNanos").asLong());
    }

    @Test
    void failedRoundsAreCountedApartFromRoundEnds() throws IOException {
        Path file = Files.write(
                dir.resolve("f.jsonl"),
                List.of(
                        move("CONTINUE", "CONTINUE", 2_000_000),
                        "{\"event\":\"roundFailed\",\"session\":\"s\",\"round\":1,\"exception\":\"java.lang.Error\"}",
                        end("COMPLETED", 2)));
        TraceStats stats = TraceStats.of(List.of(file));
        assertEquals(1, stats.failedRounds());
        assertEquals(0, stats.unreadable());
        assertEquals(1, stats.steps().rounds(), "the failed round has no steps or outcome to count");
        assertEquals(Map.of("COMPLETED", 1L), stats.outcomes());
        assertTrue(
                stats.table()
                        .startsWith("read 1 trace: 1 transition, 1 round end, 1 failed round (no end: an exception"
                                + " left it)\n"),
                stats.table());
        assertEquals(
                1, new ObjectMapper().readTree(stats.json()).get("failedRounds").asLong());
    }

    @Test
    void everyRangeOfStepsHasItsBucket() throws IOException {
        List<String> lines = new ArrayList<>();
        for (int steps : new int[] {0, 2, 5, 8, 9, 16, 17, Integer.MAX_VALUE}) {
            lines.add(end("COMPLETED", steps));
        }
        TraceStats stats = TraceStats.of(List.of(Files.write(dir.resolve("b.jsonl"), lines)));
        assertEquals(
                List.of(
                        new TraceStats.Range(0, 0, 1),
                        new TraceStats.Range(2, 2, 1),
                        new TraceStats.Range(5, 8, 2),
                        new TraceStats.Range(9, 16, 2),
                        new TraceStats.Range(17, 32, 1),
                        new TraceStats.Range((1 << 30) + 1, Integer.MAX_VALUE, 1)),
                stats.steps().histogram());
    }

    @Test
    void anEmptyTraceHasNoFigures() throws IOException {
        TraceStats stats = TraceStats.of(List.of(Files.writeString(dir.resolve("e.jsonl"), "")));
        assertEquals(0, stats.steps().min());
        assertEquals(0.0, stats.steps().mean());
        assertEquals("read 1 trace: 0 transitions, 0 round ends\n", stats.table());
    }
}
