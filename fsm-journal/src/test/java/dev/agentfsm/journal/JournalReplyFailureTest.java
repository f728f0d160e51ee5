package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reply to a suspended session that cannot be kept: the error names the reply it could not record, and the
 * journal takes no second reply after it; opened again, it shows what was kept.
 */
class JournalReplyFailureTest {
    @TempDir
    Path dir;

    @Test
    void aReplyThatCannotBeKeptIsNamedAndNoSecondReplyFollowsIt() throws Exception {
        JournalStore files = JournalStore.directory(dir, Durability.SYNC);
        List<JournalRecord> suspended =
                TestRecords.everyKind("DROP TABLE orders").subList(0, 7); // ends at a wait
        try (JournalLog log = JournalLog.create(files, "approval", Optional.empty())) {
            for (JournalRecord record : suspended) {
                log.write(record);
            }
        }
        try (Journal journal = Journal.open(new FailingStore(files, 1), "approval")) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> journal.answer("orders"));
            assertTrue(
                    e.getMessage().contains("could not record record 8, the reply to the wait (ask)"), e.getMessage());
            UncheckedIOException again = assertThrows(UncheckedIOException.class, () -> journal.answer("orders"));
            assertTrue(again.getMessage().contains("takes no more records"), again.getMessage());
        }
        try (Journal journal = Journal.open(files, "approval")) {
            assertEquals(Optional.empty(), journal.waiting(), "the reply was kept after all: given once");
            assertEquals(8, journal.records());
        }
    }
}
