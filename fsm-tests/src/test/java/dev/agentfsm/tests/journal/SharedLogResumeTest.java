package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import dev.agentfsm.journal.SharedLogJournalStore;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated {@link Tally} machine journaled into a shared log beside other sessions' journals, then
 * resumed from the log after its store was closed and opened again (as after a crash): from every record it
 * could have been cut after, the resumed session ends as the uninterrupted one did, and no completed step's
 * model call or device action happens again; while one resumer holds the journal, another is refused.
 */
class SharedLogResumeTest {
    private static final int TARGET = 12;

    @Test
    void aSessionJournaledInTheSharedLogResumesFromEveryCutWithoutRepeatingAnAction(@TempDir Path dir)
            throws Exception {
        Path whole = Files.createDirectory(dir.resolve("whole"));
        RoundResult expected;
        List<String> journal = new ArrayList<>();
        try (SharedLogJournalStore log = SharedLogJournalStore.open(dir.resolve("log"), Durability.SYNC)) {
            TallyRun reference = TallyRun.with(whole, TARGET, "first", Journal.create(log, "tally"), new Moves());
            expected = reference.run(false).get(0);
            reference.journal.close();
            readInto(log, "tally", journal);
        }
        assertEquals(Outcome.COMPLETED, expected.outcome(), expected.reason());
        List<String> effects = TallyRun.lines(TallyRun.effects(whole));
        assertEquals(TARGET, effects.size());

        for (int kept = 1; kept <= journal.size(); kept++) {
            String name = "tally-cut-" + kept;
            List<String> records = journal.subList(0, kept);
            int workDone = TallyRun.workDone(records);
            Path logDir = dir.resolve("log-" + kept);
            // the process died after record `kept`: the log holds it among another session's records
            try (SharedLogJournalStore log = SharedLogJournalStore.open(logDir, Durability.SYNC);
                    JournalStore.Writer other = log.create("other");
                    JournalStore.Writer writer = log.create(name)) {
                for (String record : records) {
                    other.append("{\"another\":\"session\"}");
                    writer.append(record);
                }
            }
            Path second = Files.createDirectory(dir.resolve("second-" + kept));
            Files.write(TallyRun.effects(second), effects.subList(0, workDone));

            String after = "resumed from the shared log after record " + kept + " of " + journal.size();
            List<String> resumedLines = new ArrayList<>();
            try (SharedLogJournalStore log = SharedLogJournalStore.open(logDir, Durability.SYNC)) {
                Journal opened = Journal.open(log, name);
                JournalException held = assertThrows(JournalException.class, () -> Journal.open(log, name));
                assertEquals(JournalException.Kind.IN_USE, held.kind(), held.getMessage());
                TallyRun resumed = TallyRun.with(second, TARGET, "second", opened, new Moves());
                RoundResult result = resumed.run(true).get(0);
                resumed.journal.close();

                resumed.assertResumedAs(expected, result, TARGET, workDone, effects, after);
                readInto(log, name, resumedLines);
            }
            assertEquals(records, resumedLines.subList(0, kept), after + ": the records before the cut, as they were");
            assertEquals(journal.size(), resumedLines.size(), after + ": the journal goes on to its end");
        }
    }

    private static void readInto(JournalStore store, String journal, List<String> lines) throws Exception {
        store.open(journal, new JournalStore.Reader() {
                    @Override
                    public void line(JournalStore.Line line) {
                        lines.add(line.text());
                    }

                    @Override
                    public void torn(long bytes) {
                        assertEquals(0, bytes);
                    }
                })
                .close();
    }
}
