package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import dev.agentfsm.journal.postgres.PostgresJournalStore;
import dev.agentfsm.journal.postgres.PostgresServer;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated {@link Tally} machine journaled into PostgreSQL (fsm-journal-postgres, on a throwaway
 * server) and resumed by a second {@link Journal} over a store of its own, as a second machine would: the
 * resumed session ends as the uninterrupted one did and no completed step's model call or device action
 * happens again; and a journal cut at the same record resumes alike from a file and from PostgreSQL.
 */
class PostgresResumeTest {
    private static final int TARGET = 12;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static PostgresServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start(Path.of("target", "postgres"));
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aSessionJournaledInPostgresResumesOnASecondMachineWithoutRepeatingAnAction(@TempDir Path dir)
            throws Exception {
        JournalStore first = PostgresJournalStore.of(server.dataSource());
        Path whole = Files.createDirectory(dir.resolve("whole"));
        TallyRun reference = TallyRun.with(whole, TARGET, "first", Journal.create(first, "tally"), new Moves());
        RoundResult expected = reference.run(false).get(0);
        reference.journal.close();
        assertEquals(Outcome.COMPLETED, expected.outcome(), expected.reason());
        List<String> journal = lines("tally");
        List<String> effects = TallyRun.lines(TallyRun.effects(whole));
        assertEquals(TARGET, effects.size());

        for (int kept = 1; kept <= journal.size(); kept++) {
            String name = "tally-cut-" + kept;
            List<String> records = journal.subList(0, kept);
            int workDone = TallyRun.workDone(records);
            // the first machine died after record `kept`: its rows are there, the device did what they say
            try (JournalStore.Writer writer = first.create(name)) {
                for (String record : records) {
                    writer.append(record);
                }
            }
            Path second = Files.createDirectory(dir.resolve("second-" + kept));
            Files.write(TallyRun.effects(second), effects.subList(0, workDone));

            // the second machine: a store of its own over its own connections
            JournalStore store = PostgresJournalStore.of(server.dataSource());
            Journal opened = Journal.open(store, name);
            // while it holds the journal, a third resumer is refused
            JournalException held = assertThrows(JournalException.class, () -> Journal.open(first, name));
            assertEquals(JournalException.Kind.IN_USE, held.kind(), held.getMessage());
            TallyRun resumed = TallyRun.with(second, TARGET, "second", opened, new Moves());
            List<RoundResult> results = resumed.run(true);
            resumed.journal.close();

            String after = "resumed from PostgreSQL after record " + kept + " of " + journal.size();
            RoundResult result = results.get(0);
            resumed.assertResumedAs(expected, result, TARGET, workDone, effects, after);
            assertEquals(shape(journal), shape(lines(name)), after + ": the journal goes on as before");
        }
    }

    @Test
    void aJournalCutAtTheSameRecordResumesAlikeFromAFileAndFromPostgres(@TempDir Path dir) throws Exception {
        Path whole = Files.createDirectory(dir.resolve("whole"));
        TallyRun reference = TallyRun.start(whole, TARGET, java.time.Duration.ZERO, "whole", new Moves());
        reference.run(false);
        reference.journal.close();
        List<String> journal = TallyRun.lines(TallyRun.journal(whole));
        List<String> effects = TallyRun.lines(TallyRun.effects(whole));
        JournalStore postgres = PostgresJournalStore.of(server.dataSource());

        for (int kept : List.of(1, 2, 5, journal.size() / 2, journal.size() - 1, journal.size())) {
            List<String> records = journal.subList(0, kept);
            int workDone = TallyRun.workDone(records);
            Path inFile = Files.createDirectory(dir.resolve("file-" + kept));
            Files.write(TallyRun.journal(inFile), records);
            Files.write(TallyRun.effects(inFile), effects.subList(0, workDone));
            Path inPostgres = Files.createDirectory(dir.resolve("postgres-" + kept));
            Files.write(TallyRun.effects(inPostgres), effects.subList(0, workDone));
            String name = "copied-" + kept;
            try (JournalStore.Writer writer = postgres.create(name)) {
                for (String record : records) {
                    writer.append(record);
                }
            }

            Journal fromFile = Journal.open(TallyRun.journal(inFile));
            Journal fromPostgres = Journal.open(postgres, name);
            String at = "cut after record " + kept;
            assertEquals(fromFile.records(), fromPostgres.records(), at);
            assertEquals(fromFile.bytes(), fromPostgres.bytes(), at);
            assertEquals(fromFile.recordedSteps(), fromPostgres.recordedSteps(), at);
            assertEquals(fromFile.recordedRequests(), fromPostgres.recordedRequests(), at);
            assertEquals(fromFile.recordedModelCalls(), fromPostgres.recordedModelCalls(), at);
            assertEquals(fromFile.session(), fromPostgres.session(), at);

            TallyRun file = TallyRun.with(inFile, TARGET, "file", fromFile, new Moves());
            RoundResult byFile = file.run(true).get(0);
            file.journal.close();
            TallyRun database = TallyRun.with(inPostgres, TARGET, "postgres", fromPostgres, new Moves());
            RoundResult byPostgres = database.run(true).get(0);
            database.journal.close();

            assertEquals(byFile.outcome(), byPostgres.outcome(), at);
            assertEquals(byFile.path(), byPostgres.path(), at);
            assertEquals(byFile.result(), byPostgres.result(), at);
            assertEquals(file.model.calls(), database.model.calls(), at);
            assertEquals(TallyRun.lines(TallyRun.effects(inFile)), TallyRun.lines(TallyRun.effects(inPostgres)), at);
            List<String> fileLines = TallyRun.lines(TallyRun.journal(inFile));
            List<String> postgresLines = lines(name);
            assertEquals(records, postgresLines.subList(0, kept), at + ": the copied records, byte for byte");
            assertEquals(shape(fileLines), shape(postgresLines), at + ": the resumed sessions wrote the same records");
        }
    }

    /** The journal's lines, straight from its table. */
    private static List<String> lines(String journal) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Connection connection = server.dataSource().getConnection();
                PreparedStatement select = connection.prepareStatement(
                        "SELECT line FROM agentfsm_journal_record WHERE journal = ? ORDER BY n")) {
            select.setString(1, journal);
            try (var rows = select.executeQuery()) {
                while (rows.next()) {
                    lines.add(rows.getString(1));
                }
            }
        }
        return lines;
    }

    /** What a record says happened, without what differs between runs (ids, times, durations). */
    private static List<String> shape(List<String> journal) throws Exception {
        List<String> shape = new ArrayList<>();
        for (String line : journal) {
            JsonNode record = JSON.readTree(line);
            shape.add(record.path("n").asInt() + " " + record.path("type").asText() + " "
                    + record.path("state").asText("")
                    + " " + record.path("moved").path("to").asText("")
                    + record.path("ended").asText("")
                    + record.path("outcome").asText("")
                    + " " + record.path("calls"));
        }
        return shape;
    }
}
