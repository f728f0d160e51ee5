package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.FailingStore;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalStore;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal whose store fails to keep a step's record (a force that fails after the line was written, as
 * on a failing disk): the session stops at that step, loudly, and no later step runs; a later round on the
 * same session is refused rather than written after a record of unknown fate; the journal, opened again,
 * resumes and each device action is done once.
 */
class JournalWriteFailureTest {
    private static final int TARGET = 6;
    /** The header, the requests, then the steps: the fifth line is the third step's record. */
    private static final int FAILING_APPEND = 5;

    @Test
    void aStepWhoseRecordIsNotKeptStopsTheSessionAndNothingIsWrittenAfterIt(@TempDir Path dir) throws Exception {
        JournalStore files = JournalStore.directory(dir, Durability.SYNC);
        JournalStore failing = new FailingStore(files, FAILING_APPEND);

        TallyRun run = TallyRun.with(dir, TARGET, "first", Journal.create(failing, "journal"), new Moves());
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> run.run(false));
        assertTrue(e.getMessage().contains("Input/output error"), e.getMessage());
        assertTrue(e.getMessage().contains("the session stopped"), e.getMessage());
        assertEquals(3, TallyRun.lines(TallyRun.attempts(dir)).size(), "no step ran after the one not recorded");

        UncheckedIOException again = assertThrows(UncheckedIOException.class, () -> run.session.runRound("again"));
        assertTrue(again.getMessage().contains("takes no more records"), again.getMessage());
        run.journal.close();

        TallyRun resumed = TallyRun.with(dir, TARGET, "second", Journal.open(files, "journal"), new Moves());
        RoundResult result = resumed.run(true).get(0);
        resumed.journal.close();
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        List<String> effects = TallyRun.lines(TallyRun.effects(dir));
        assertEquals(TARGET, effects.size(), "each action done once: " + effects);
        assertEquals(TARGET, new HashSet<>(effects).size());
    }
}
