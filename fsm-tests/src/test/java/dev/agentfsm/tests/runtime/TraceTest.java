package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.trace.JfrListener;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStatus;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built-in traces on real rounds: the JSON-lines file survives a crash, JFR records every move. */
class TraceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A crash the runtime does not catch, as an OutOfMemoryError would be. */
    private static final class Crash extends Error {
        private static final long serialVersionUID = 1L;

        Crash() {
            super("simulated crash");
        }
    }

    private static List<JsonNode> read(Path file) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    private static List<String> moves(List<JsonNode> lines) {
        return lines.stream()
                .filter(n -> n.get("event").asText().equals("transition"))
                .map(n -> n.get("step").asInt() + " " + n.get("from").asText() + " -> "
                        + n.get("to").asText())
                .toList();
    }

    @Test
    void aCompletedRoundIsTracedMoveByMoveAndThenItsEnd() throws IOException {
        Path file = dir.resolve("trace.jsonl");
        // round 1 finishes at once; round 2 hands a subtask to the AppAgent
        HostAgent host = new HostAgent().script(HostAgentStatus.FINISH, HostAgentStatus.ASSIGN, HostAgentStatus.FINISH);
        new AppAgent(host).script(AppAgentStatus.FINISH);
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            Session.of(HostAgentStateManager.instance(), host)
                    .config(RuntimeConfig.parse("maxRound: 2"))
                    .id("s-7")
                    .listener(trace)
                    .build()
                    .run(List.of("first", "second"));
        }
        List<JsonNode> all = read(file);
        assertEquals(
                List.of(1, 1),
                all.subList(0, 2).stream().map(n -> n.get("round").asInt()).toList());
        assertEquals("roundEnd", all.get(1).get("event").asText());
        List<JsonNode> lines = all.subList(2, all.size());
        assertEquals(
                List.of(
                        "1 CONTINUE -> ASSIGN",
                        "2 ASSIGN -> AppAgent.CONTINUE",
                        "3 CONTINUE -> FINISH",
                        "4 FINISH -> HostAgent.CONTINUE",
                        "5 CONTINUE -> FINISH"),
                moves(lines));
        JsonNode handOff = lines.get(1);
        assertEquals("s-7", handOff.get("session").asText());
        assertEquals(2, handOff.get("round").asInt());
        assertEquals("HostAgent", handOff.get("agent").asText());
        assertEquals("HostAgent", handOff.get("machine").asText());
        assertEquals("SYSTEM", handOff.get("trigger").asText());
        assertTrue(handOff.get("nanos").asLong() > 0);
        assertEquals("AppAgent", lines.get(2).get("agent").asText());
        JsonNode subtask = lines.get(3);
        assertEquals("subtaskEnd", subtask.get("event").asText(), "FINISH ended the subtask before it handed back");
        assertEquals("AppAgent.FINISH", subtask.get("status").asText());
        assertEquals("subtask of second", subtask.get("subtask").asText());
        assertEquals(4, subtask.get("step").asInt());
        assertEquals(1, subtask.get("number").asInt());
        JsonNode end = lines.get(6);
        assertEquals("roundEnd", end.get("event").asText());
        assertEquals("COMPLETED", end.get("outcome").asText());
        assertEquals("HostAgent.FINISH", end.get("finalStatus").asText());
        assertEquals(6, end.get("steps").asInt());
        assertEquals(6, end.get("path").size());
        assertEquals(1, end.get("subtasks").size());
        assertEquals("AppAgent.FINISH", end.get("subtasks").get(0).get("status").asText());
    }

    @Test
    void aCrashMidRoundLeavesEveryTransitionBeforeIt() throws IOException {
        Path file = dir.resolve("crash.jsonl");
        Crash crash = new Crash();
        LinuxAgent agent = new LinuxAgent()
                .script(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.CONTINUE, (ScriptedAgent.Step) (a, c) -> {
                    throw crash;
                });
        JsonLinesTrace trace = JsonLinesTrace.open(file); // deliberately never closed, as after a crash
        Round round = Round.of(LinuxAgentStateManager.instance(), agent)
                .listener(trace)
                .build();
        assertSame(crash, assertThrows(Crash.class, round::run), "an Error is not caught");
        assertEquals(List.of("1 CONTINUE -> CONTINUE", "2 CONTINUE -> CONTINUE"), moves(read(file)));
    }

    @Test
    void aHaltedJvmLeavesEveryTransitionBeforeTheHalt() throws Exception {
        Path file = dir.resolve("halt.jsonl");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(
                        java.toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        HaltingRound.class.getName(),
                        file.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.log").toFile())
                .start();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM ends");
        assertEquals(3, child.exitValue(), () -> "the child halted with status 3; its output: " + readLog());
        List<JsonNode> lines = read(file);
        assertEquals(
                List.of("1 CONTINUE -> CONTINUE", "2 CONTINUE -> CONTINUE", "3 CONTINUE -> CONTINUE"), moves(lines));
        assertEquals(3, lines.size(), "no round end: the round never ended");
    }

    private String readLog() {
        try {
            return Files.readString(dir.resolve("child.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Test
    void jfrRecordsTransitionsSubtasksAndRounds() throws IOException {
        Path recorded = dir.resolve("round.jfr");
        RoundResult result;
        try (Recording recording = new Recording()) {
            recording.enable(JfrListener.TRANSITION_EVENT);
            recording.enable(JfrListener.ROUND_EVENT);
            recording.enable(JfrListener.SUBTASK_EVENT);
            recording.start();
            result = Session.of(
                            LinuxAgentStateManager.instance(),
                            new LinuxAgent().script(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FINISH))
                    .id("jfr")
                    .listener(new JfrListener())
                    .build()
                    .runRound("count the files");
            recording.stop();
            recording.dump(recorded);
        }
        assertEquals(Outcome.COMPLETED, result.outcome());
        List<String> transitions = new ArrayList<>();
        List<RecordedEvent> rounds = new ArrayList<>();
        List<RecordedEvent> subtasks = new ArrayList<>();
        for (RecordedEvent event : RecordingFile.readAllEvents(recorded)) {
            if (event.getEventType().getName().equals(JfrListener.TRANSITION_EVENT)
                    && event.getString("session").equals("jfr")) {
                transitions.add(event.getInt("step") + " " + event.getString("machine") + "." + event.getString("from")
                        + " -> " + event.getString("to") + " by " + event.getString("trigger"));
                assertTrue(event.getLong("stepDuration") > 0);
            } else if (event.getEventType().getName().equals(JfrListener.ROUND_EVENT)
                    && event.getString("session").equals("jfr")) {
                rounds.add(event);
            } else if (event.getEventType().getName().equals(JfrListener.SUBTASK_EVENT)
                    && event.getString("session").equals("jfr")) {
                subtasks.add(event);
            }
        }
        assertEquals(
                List.of("1 LinuxAgent.CONTINUE -> CONTINUE by LLM", "2 LinuxAgent.CONTINUE -> FINISH by LLM"),
                transitions);
        assertEquals(1, rounds.size());
        assertEquals("COMPLETED", rounds.get(0).getString("outcome"));
        assertEquals("LinuxAgent.FINISH", rounds.get(0).getString("finalStatus"));
        assertEquals(3, rounds.get(0).getInt("steps"));
        assertEquals(
                "LinuxAgent.CONTINUE LinuxAgent.CONTINUE LinuxAgent.FINISH",
                rounds.get(0).getString("path"));
        assertEquals(1, rounds.get(0).getInt("subtasks"));
        assertEquals(1, subtasks.size(), "FINISH ended the request's subtask");
        assertEquals("LinuxAgent.FINISH", subtasks.get(0).getString("status"));
        assertEquals("count the files", subtasks.get(0).getString("subtask"));
        assertEquals(3, subtasks.get(0).getInt("step"));
    }
}
