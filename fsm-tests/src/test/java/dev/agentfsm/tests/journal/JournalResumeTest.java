package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resuming a journaled {@link Tally} session after every record it wrote: the resumed session ends as
 * the uninterrupted one did, along the same path, and no LLM call or device action of a completed step
 * is made again.
 */
class JournalResumeTest {
    private static final int TARGET = 12;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void resumingAfterEveryRecordEndsAlikeAndRepeatsNoCompletedCall(@TempDir Path dir) throws Exception {
        Path whole = Files.createDirectory(dir.resolve("whole"));
        TallyRun reference = TallyRun.start(whole, TARGET, Duration.ZERO, "whole", new Moves());
        RoundResult expected = reference.run(false).get(0);
        reference.journal.close();
        assertEquals(Outcome.COMPLETED, expected.outcome(), expected.reason());
        List<String> journal = TallyRun.lines(TallyRun.journal(whole));
        List<String> effects = TallyRun.lines(TallyRun.effects(whole));
        assertEquals(TARGET, effects.size());
        assertEquals(TARGET, reference.model.calls());

        for (int kept = 1; kept <= journal.size(); kept++) {
            Path cut = Files.createDirectory(dir.resolve("cut-" + kept));
            List<String> records = journal.subList(0, kept);
            int workDone = TallyRun.workDone(records);
            Files.write(TallyRun.journal(cut), records);
            Files.write(TallyRun.effects(cut), effects.subList(0, workDone)); // what the device did before the crash

            TallyRun resumed = TallyRun.resume(cut, TARGET, Duration.ZERO, "resumed", new Moves());
            List<RoundResult> results = resumed.run(true);
            resumed.journal.close();

            String after = "resumed after record " + kept + " of " + journal.size();
            assertEquals(1, results.size(), after);
            RoundResult result = results.get(0);
            resumed.assertResumedAs(expected, result, TARGET, workDone, effects, after);
            assertEquals(expected.steps(), result.steps(), after);
            assertEquals(reference.agent.added(), resumed.agent.added(), after + ": the agent's own state is rebuilt");
            assertEquals(
                    reference.agent.blackboard().trajectories(),
                    resumed.agent.blackboard().trajectories(),
                    after);
            assertEquals(
                    shape(journal),
                    shape(TallyRun.lines(TallyRun.journal(cut))),
                    after + ": the journal goes on as the uninterrupted one did");
        }
    }

    @Test
    void aResumedSessionTellsItsListenersOnlyWhatHappensAfterTheJournal(@TempDir Path dir) throws Exception {
        TallyRun whole = TallyRun.start(dir, TARGET, Duration.ZERO, "whole", new Moves());
        whole.run(false);
        whole.journal.close();
        List<String> journal = TallyRun.lines(TallyRun.journal(dir));
        int kept = 7; // the header, the requests and five steps
        Files.write(TallyRun.journal(dir), journal.subList(0, kept));

        Moves moves = new Moves();
        TallyRun resumed = TallyRun.resume(dir, TARGET, Duration.ZERO, "resumed", moves);
        RoundResult result = resumed.run(true).get(0);
        resumed.journal.close();

        assertEquals(
                result.steps() - 5 - 1,
                moves.moves.size(),
                "no transition of the five replayed steps, none out" + " of the last (round-ending) step: "
                        + moves.moves);
        assertTrue(moves.moves.get(0).startsWith("6 "), moves.moves.toString());
        assertEquals(List.of(result), moves.ends);
    }

    @Test
    void theJournalRecordsTheCallsTheContextAndTheBlackboardOfEachStep(@TempDir Path dir) throws Exception {
        TallyRun run = TallyRun.start(dir, 6, Duration.ZERO, "one", new Moves());
        run.run(false);
        run.journal.close();
        List<JsonNode> records = new ArrayList<>();
        for (String line : TallyRun.lines(TallyRun.journal(dir))) {
            records.add(JSON.readTree(line));
        }

        JsonNode header = records.get(0);
        assertEquals("journal", header.path("type").asText());
        assertEquals("Tally", header.path("machine").asText());
        assertTrue(header.path("fingerprint").asText().matches("sha256:[0-9a-f]{64}"), header.toString());
        assertEquals(run.session.id(), header.path("session").asText());
        assertEquals(List.of(TallyRun.TASK), JSON.convertValue(records.get(1).path("requests"), List.class));

        JsonNode first = records.get(2);
        assertEquals("Tally.WORK", first.path("state").asText());
        assertEquals("Tally.WORK", first.path("moved").path("to").asText());
        assertEquals("LLM", first.path("moved").path("trigger").asText());
        JsonNode llm = first.path("calls").get(0);
        assertEquals("llm", llm.path("kind").asText());
        assertEquals("{\"add\": 1, \"status\": \"WORK\"}", llm.path("reply").asText());
        JsonNode action = first.path("calls").get(1);
        assertEquals("action", action.path("kind").asText());
        assertEquals(
                run.session.id() + "/1/1/",
                action.path("id").asText().substring(0, run.session.id().length() + 5));
        assertEquals(
                "{\"arguments\":{\"line\":\"item-1\",\"share\":0.5,\"weight\":1},\"function\":\"append\"}",
                action.path("action").toString());
        assertEquals("appended item-1", action.path("result").path("output").asText());
        assertEquals(1, first.path("context").path("set").path("tally.count").asInt());
        assertEquals(
                "item-1",
                JSON.convertValue(first.path("blackboard").path("trajectories").get(0), java.util.Map.class)
                        .get("output")
                        .toString()
                        .substring("appended ".length()));

        JsonNode rest = records.stream()
                .filter(r -> r.path("state").asText().equals("Tally.REST"))
                .findFirst()
                .orElseThrow();
        assertEquals("observe", rest.path("calls").get(0).path("kind").asText());
        assertEquals(
                "5 lines",
                rest.path("calls").get(0).path("observation").path("text").asText());
        assertEquals("SYSTEM", rest.path("moved").path("trigger").asText());
        assertEquals(
                "5 lines", rest.path("context").path("set").path("tally.looked").asText());

        JsonNode end = records.get(records.size() - 1);
        assertEquals("roundEnd", end.path("type").asText());
        assertEquals("COMPLETED", end.path("outcome").asText());
    }

    /** Each record's type, state and where it went: what a resumed journal must repeat, without times and ids. */
    private static List<String> shape(List<String> journal) throws Exception {
        List<String> shape = new ArrayList<>();
        for (String line : journal) {
            JsonNode record = JSON.readTree(line);
            shape.add(record.path("n").asInt() + " " + record.path("type").asText() + " "
                    + record.path("state").asText("")
                    + " " + record.path("moved").path("to").asText("")
                    + record.path("ended").asText("")
                    + record.path("outcome").asText(""));
        }
        return shape;
    }
}
