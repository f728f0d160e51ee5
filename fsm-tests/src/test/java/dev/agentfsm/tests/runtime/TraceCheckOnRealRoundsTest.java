package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStatus;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import dev.agentfsm.trace.TraceCheck;
import dev.agentfsm.trace.TraceReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traces of real rounds of generated machines, written by the runtime's own trace, checked against the
 * machines {@code StateManager.discover} finds: every move the runtime makes passes, hand-offs and its
 * own moves to the fallback included, and a forged move does not.
 */
class TraceCheckOnRealRoundsTest {

    @TempDir
    Path dir;

    private static TraceCheck check() {
        return TraceCheck.onClassPath(TraceCheckOnRealRoundsTest.class.getClassLoader());
    }

    private static List<String> moves(TraceReport report, String machine) {
        return report.coverage().stream()
                .filter(c -> c.machine().equals(machine))
                .findFirst()
                .orElseThrow()
                .taken()
                .stream()
                .map(Move::toString)
                .toList();
    }

    @Test
    void everyMoveOfRealRoundsIsDeclared() throws IOException {
        Path file = dir.resolve("trace.jsonl");
        // round 1 finishes at once; round 2 hands a subtask to the AppAgent and back; round 3 fails into ERROR
        HostAgent host = new HostAgent()
                .script(
                        HostAgentStatus.FINISH,
                        HostAgentStatus.ASSIGN,
                        HostAgentStatus.FINISH,
                        new IllegalStateException("no window"));
        new AppAgent(host).script(AppAgentStatus.FINISH);
        // the fixture's LinuxAgent declares FAIL as its fallback: an unknown status goes there, by the runtime
        LinuxAgent linux = new LinuxAgent().script(ScriptedAgent.reportsText("NO_SUCH_STATUS"));
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            Session.of(HostAgentStateManager.instance(), host)
                    .config(RuntimeConfig.parse("maxRound: 3"))
                    .id("s-1")
                    .listener(trace)
                    .build()
                    .run(List.of("first", "second", "third"));
            Round.of(LinuxAgentStateManager.instance(), linux)
                    .listener(trace)
                    .build()
                    .run();
        }

        TraceReport report = check().check(List.of(file));

        assertTrue(report.passed(), report.table());
        assertEquals(List.of(), report.findings());
        assertEquals(Map.of("COMPLETED", 3L, "ERROR", 1L), report.outcomes());
        assertEquals(
                List.of("AppAgent", "HostAgent", "LinuxAgent"),
                report.coverage().stream().map(TraceReport.Coverage::machine).toList());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE -> HostAgent.ASSIGN (LLM)",
                        "HostAgent.CONTINUE -> HostAgent.FINISH (LLM)",
                        "HostAgent.CONTINUE -> HostAgent.ERROR (SYSTEM)",
                        "HostAgent.ASSIGN -> AppAgent.CONTINUE (SYSTEM)",
                        "HostAgent.ERROR -> HostAgent.FINISH (SYSTEM)"),
                moves(report, "HostAgent"));
        assertEquals(
                List.of("AppAgent.CONTINUE -> AppAgent.FINISH (LLM)", "AppAgent.FINISH -> HostAgent.CONTINUE (SYSTEM)"),
                moves(report, "AppAgent"));
        assertEquals(
                List.of("LinuxAgent.FAIL -> LinuxAgent.FINISH (SYSTEM)"),
                moves(report, "LinuxAgent"),
                "the fallback move is the runtime's own, not LLM's declared CONTINUE -> FAIL");
    }

    @Test
    void aForgedMoveFailsTheCheck() throws IOException {
        Path file = dir.resolve("forged.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            Round.of(LinuxAgentStateManager.instance(), new LinuxAgent().script(LinuxAgentStatus.FINISH))
                    .listener(trace)
                    .build()
                    .run();
        }
        List<String> written = Files.readAllLines(file);
        String real = written.get(0);
        Files.writeString(
                file,
                real.replace("\"to\":\"FINISH\"", "\"to\":\"CONTINUE\"")
                                .replace("\"from\":\"CONTINUE\"", "\"from\":\"FINISH\"")
                        + "\n",
                StandardOpenOption.APPEND);
        TraceReport report = check().check(List.of(file));
        assertEquals(1, report.count(TraceReport.Kind.ILLEGAL_MOVE), report.table());
        // the forged line follows the round's own (its transitions, subtask ends and round end)
        assertEquals(file + ":" + (written.size() + 1), report.findings().get(0).where());
        assertEquals("FAILED: 1 illegal move", report.verdict());
    }
}
