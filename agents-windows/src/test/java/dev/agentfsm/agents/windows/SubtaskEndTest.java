package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AppAgent's FINISH, FAIL and ERROR archive their subtask themselves; the runtime announces what
 * they archived as subtask ends, in the trace and in the round's result.
 */
class SubtaskEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A round's result and the lines of its trace. */
    private record Traced(RoundResult result, List<JsonNode> lines) {}

    private Traced trace(Desk desk, String request) throws IOException {
        Path file = dir.resolve("trace.jsonl");
        RoundResult result;
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            result = desk.run(request, trace);
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            lines.add(JSON.readTree(line));
        }
        return new Traced(result, lines);
    }

    private static String shortly(JsonNode line) {
        return switch (line.get("event").asText()) {
            case "transition" ->
                line.get("machine").asText() + "." + line.get("from").asText() + " -> "
                        + line.get("to").asText();
            case "subtaskEnd" ->
                "subtask " + line.get("number").asInt() + " "
                        + line.get("status").asText() + " by "
                        + line.get("agent").asText() + ": "
                        + line.get("subtask").asText();
            default -> line.get("event").asText() + " " + line.get("outcome").asText();
        };
    }

    @Test
    void theScenariosTwoSubtasksAreTracedWhereTheyEndAndCountedInTheResult() throws IOException {
        Desk desk = new Desk("sales-chart");

        Traced traced = trace(desk, SalesChartScenarioTest.REQUEST);

        RoundResult result = traced.result();
        List<JsonNode> lines = traced.lines();
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(desk.context.previousSubtasks(), result.subtasks(), "what the AppAgents archived, in order");
        assertEquals(2, result.subtasks().size());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE -> ASSIGN",
                        "HostAgent.ASSIGN -> AppAgent.CONTINUE",
                        "AppAgent.CONTINUE -> CONTINUE",
                        "AppAgent.CONTINUE -> FINISH",
                        "subtask 1 AppAgent.FINISH by AppAgent/WINWORD.EXE: Copy the sales table of Sales Report.docx to the clipboard",
                        "AppAgent.FINISH -> HostAgent.CONTINUE",
                        "HostAgent.CONTINUE -> ASSIGN",
                        "HostAgent.ASSIGN -> AppAgent.CONTINUE",
                        "AppAgent.CONTINUE -> CONTINUE",
                        "AppAgent.CONTINUE -> CONTINUE",
                        "AppAgent.CONTINUE -> CONTINUE",
                        "AppAgent.CONTINUE -> FINISH",
                        "subtask 2 AppAgent.FINISH by AppAgent/EXCEL.EXE: Paste the sales table into Book1 and insert a bar chart of it",
                        "AppAgent.FINISH -> HostAgent.CONTINUE",
                        "HostAgent.CONTINUE -> FINISH",
                        "roundEnd COMPLETED"),
                lines.stream().map(SubtaskEndTest::shortly).toList());
        JsonNode end = lines.get(lines.size() - 1);
        assertEquals(
                "A bar chart of A1:C5 (Q1 and Q2 by region) is in Book1",
                end.get("subtasks").get(1).get("result").asText());
    }

    @Test
    void aFailedSubtaskAndItsRetryAreTwoSubtasksWithTheirOutcomes() throws IOException {
        Desk desk = new Desk("app-fail-retry");

        Traced traced = trace(desk, "Copy the revenue chart");

        assertEquals(
                List.of(
                        new ArchivedSubtask(
                                "Copy the revenue chart from Sales Report.docx",
                                AppAgentStatus.FAIL,
                                "The document has no revenue chart"),
                        new ArchivedSubtask(
                                "Copy the sales table from Sales Report.docx",
                                AppAgentStatus.FINISH,
                                "The table is on the clipboard")),
                traced.result().subtasks());
        assertEquals(
                List.of("AppAgent.FAIL", "AppAgent.FINISH"),
                traced.lines().stream()
                        .filter(line -> line.get("event").asText().equals("subtaskEnd"))
                        .map(line -> line.get("status").asText())
                        .toList());
    }

    @Test
    void anAppErrorEndsItsSubtaskWithTheError() throws IOException {
        Desk desk = new Desk("assign-word"); // the replay ends after ASSIGN: the AppAgent's LLM call fails

        RoundResult result = trace(desk, "Copy the sales table").result();
        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(
                List.of(AppAgentStatus.ERROR),
                result.subtasks().stream().map(ArchivedSubtask::status).toList());
        assertEquals(desk.context.previousSubtasks(), result.subtasks());
        assertEquals(
                result.error().orElseThrow().getMessage(),
                result.subtasks().get(0).result());
    }
}
