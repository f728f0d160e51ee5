package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * not, whatever text it holds; and a journal's bytes are its lines' with their line breaks.
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
}
