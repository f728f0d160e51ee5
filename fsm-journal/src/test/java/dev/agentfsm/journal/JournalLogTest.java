package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record's line knows its length in UTF-8 without being encoded again: the same as encoding it, keyed or
 * not, whatever text it holds; a journal's bytes are its lines' with their line breaks; a record the reader
 * would refuse is never written; and after an append whose fate is unknown nothing more is written.
 */
class JournalLogTest {
    private static final JournalKey KEY = TestKeys.KEY;

    @TempDir
    Path dir;

    @Test
    void aLineKnowsItsLengthInUtf8KeyedOrNot() {
        for (String request : List.of("ascii", "é and ß", "€ and ☃", "a 😀 pair", "lone \ud800 high", "end \ud83d")) {
            JournalRecord record = new JournalRecord.Requests(2, List.of(request));
            for (Optional<JournalKey> key : List.of(Optional.<JournalKey>empty(), Optional.of(KEY))) {
                RecordCodec.Line line = RecordCodec.line(record, key, "");
                assertEquals(
                        line.text().getBytes(StandardCharsets.UTF_8).length, line.utf8Bytes(), request + " " + key);
            }
        }
    }

    @Test
    void aJournalsBytesAreItsLinesWithTheirBreaks() throws Exception {
        JournalStore store = JournalStore.directory(dir, Durability.FLUSH);
        try (JournalLog log = JournalLog.create(store, "j", Optional.empty())) {
            log.write(new JournalRecord.Header(
                    1, JournalFile.FORMAT, "s-é", "M", "sha256:00", List.of("M"), 50, 1, Instant.EPOCH));
            log.write(new JournalRecord.Requests(2, List.of("😀 €")));
            assertEquals(Files.size(dir.resolve("j")), log.bytes());
        }
    }

    private static JournalRecord.Header header() {
        return new JournalRecord.Header(
                1, JournalFile.FORMAT, "s", "M", "sha256:00", List.of("M"), 50, 1, Instant.EPOCH);
    }

    @Test
    void aRecordOverTheCapIsRefusedBeforeItIsWrittenSoTheJournalStillOpens() throws Exception {
        JournalStore store = JournalStore.directory(dir, Durability.FLUSH);
        try (JournalLog log = JournalLog.create(store, "j", Optional.empty())) {
            log.write(header());
            log.write(new JournalRecord.Requests(2, List.of("a request")));
            // a step whose model reply or command output is larger than a record may be
            JournalException e = assertThrows(
                    JournalException.class,
                    () -> log.write(new JournalRecord.Requests(3, List.of("x".repeat(JournalFile.MAX_RECORD_BYTES)))));
            assertEquals(JournalException.Kind.TOO_LARGE, e.kind());
            assertEquals(3, e.record().orElseThrow());
            assertTrue(e.getMessage().contains("record 3"), e.getMessage());
            assertTrue(e.getMessage().contains("16.0 MiB"), e.getMessage());
            assertEquals(Files.size(dir.resolve("j")), log.bytes(), "nothing of it was written");
        }
        JournalLog.Opened opened = JournalLog.open(store, "j", Optional.empty());
        opened.log().close();
        assertEquals(2, opened.records().size());
    }

    @Test
    void aRecordThatWouldTakeTheJournalPastItsCapIsRefusedSoTheFileStillOpens() throws Exception {
        Path file = dir.resolve("j");
        String request = "x".repeat(15 << 20);
        try (JournalLog log = JournalLog.create(JournalStore.directory(dir, Durability.FLUSH), "j", Optional.empty())) {
            log.write(header());
            int number = 2;
            while (log.bytes() + request.length() < JournalFile.MAX_JOURNAL_BYTES) {
                log.write(new JournalRecord.Requests(number++, List.of(request)));
            }
            int refused = number;
            JournalException e = assertThrows(
                    JournalException.class, () -> log.write(new JournalRecord.Requests(refused, List.of(request))));
            assertEquals(JournalException.Kind.TOO_LARGE, e.kind());
            assertTrue(e.getMessage().contains("past the cap of 128.0 MiB"), e.getMessage());
        }
        // the reader refuses a file over the cap by its size, before reading it: this one it reads
        assertTrue(Files.size(file) <= JournalFile.MAX_JOURNAL_BYTES, Files.size(file) + " bytes");
    }

    @Test
    void afterAFailedAppendTheLogTakesNoMoreRecordsSoNoneFollowsOneOfUnknownFate() throws Exception {
        JournalStore files = JournalStore.directory(dir, Durability.FLUSH);
        // a file's force that fails after the line was written: the line is in the file, its fate unknown
        JournalStore failingForce = new FailingStore(files, 2);
        try (JournalLog log = JournalLog.create(failingForce, "j", Optional.empty())) {
            log.write(header());
            assertThrows(IOException.class, () -> log.write(new JournalRecord.Requests(2, List.of("first"))));
            // the session is run again, or a reply given again: its record must not follow the unknown one
            IOException e =
                    assertThrows(IOException.class, () -> log.write(new JournalRecord.Requests(2, List.of("second"))));
            assertTrue(e.getMessage().contains("fsync: Input/output error"), e.getMessage());
            assertTrue(e.getMessage().contains("Open the journal again"), e.getMessage());
        }
        JournalLog.Opened opened = JournalLog.open(files, "j", Optional.empty());
        opened.log().close();
        assertEquals(2, opened.records().size());
        assertEquals(
                List.of("first"), ((JournalRecord.Requests) opened.records().get(1)).requests());
    }
}
