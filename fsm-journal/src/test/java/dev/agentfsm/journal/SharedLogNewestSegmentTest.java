package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The newest segment of a shared log is known: a deleted last segment, whose forced records would otherwise
 * vanish as if the journals had ended earlier, is refused naming it.
 */
class SharedLogNewestSegmentTest {
    /** Segments of 16 KiB and lines of 10 KiB: each journal's line rolls the log over to a segment of its own. */
    private static final long SEGMENT_BYTES = 16 << 10;

    @TempDir
    Path dir;

    private SharedLogJournalStore open() throws IOException {
        return SharedLogJournalStore.open(dir, Durability.SYNC, channel -> channel.force(false), SEGMENT_BYTES);
    }

    /** Journals {@code names}, one line of 10 KiB each, appended (so forced) and closed. */
    private void write(List<String> names) throws IOException {
        try (SharedLogJournalStore store = open()) {
            for (String name : names) {
                try (JournalStore.Writer writer = store.create(name)) {
                    writer.append(name + "x".repeat(10 << 10));
                }
            }
        }
    }

    private Path segment(long number) {
        return dir.resolve(SharedLog.segmentName(number));
    }

    @Test
    void aDeletedLastSegmentIsCorruptionNamingItNotJournalsThatEndedEarlier() throws Exception {
        write(List.of("a", "b", "c")); // a in segment 1, b in segment 2, c in segment 3
        assertTrue(Files.exists(segment(3)));
        Files.delete(segment(3));

        JournalException e = assertThrows(JournalException.class, this::open);
        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertTrue(e.getMessage().contains("segment-0000000003.log is missing"), e.getMessage());
    }
}
