package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The newest segment of a shared log is known: a deleted last segment, whose forced records would otherwise
 * vanish as if the journals had ended earlier, is refused naming it, and so is a segment cut short. The
 * directory's {@code segments} file says so; it is written once per segment, never per record. A process that
 * died between rolling over and listing the new segment leaves a log that opens, and so does a directory written
 * before there was a list.
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

    private Path list() {
        return dir.resolve(SegmentList.FILE);
    }

    private List<String> journals() throws IOException {
        try (SharedLogJournalStore store = open()) {
            return store.journals();
        }
    }

    @Test
    void aDeletedLastSegmentRestoredFromACopyOpensWithEveryJournal() throws Exception {
        write(List.of("a", "b", "c"));
        byte[] bytes = Files.readAllBytes(segment(3));
        Files.delete(segment(3));
        assertThrows(JournalException.class, this::open);

        Files.write(segment(3), bytes);
        assertEquals(List.of("a", "b", "c"), journals());
    }

    @Test
    void everySegmentDeletedButTheListIsCorruptionNamingThem() throws Exception {
        write(List.of("a", "b", "c"));
        for (long n = 1; n <= 3; n++) {
            Files.delete(segment(n));
        }

        JournalException e = assertThrows(JournalException.class, this::open);
        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertTrue(
                e.getMessage().contains("segments segment-0000000001.log to segment-0000000003.log are missing"),
                e.getMessage());
        assertTrue(e.getMessage().contains("the directory holds no segment"), e.getMessage());
        assertEquals(
                List.of(),
                Files.list(dir)
                        .filter(f -> f.getFileName().toString().startsWith("segment-"))
                        .toList()); // no new segment 1 was made
    }

    @Test
    void aLastSegmentCutToNothingIsCorruptionNotALogThatJustRolledOver() throws Exception {
        write(List.of("a", "b", "c"));
        long size = Files.size(segment(3));
        try (FileChannel channel = FileChannel.open(segment(3), StandardOpenOption.WRITE)) {
            channel.truncate(0);
        }

        JournalException e = assertThrows(JournalException.class, this::open);
        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertTrue(e.getMessage().contains("at byte 0 of " + segment(3)), e.getMessage());
        assertTrue(e.getMessage().contains(size + " bytes were forced in it"), e.getMessage());
    }

    @Test
    void aCompleteSegmentCutIsCorruptionNamingItsSizeThen() throws Exception {
        write(List.of("a", "b", "c"));
        long size = Files.size(segment(2));
        try (FileChannel channel = FileChannel.open(segment(2), StandardOpenOption.WRITE)) {
            channel.truncate(0); // at a frame's start: the frames alone would not tell
        }

        JournalException e = assertThrows(JournalException.class, this::open);
        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertTrue(e.getMessage().contains("of " + segment(2)), e.getMessage());
        assertTrue(e.getMessage().contains("the segment holds 0 bytes, but it held " + size), e.getMessage());
    }

    @Test
    void aProcessThatDiedBetweenRollingOverAndListingLeavesALogThatOpens() throws Exception {
        write(List.of("a"));
        byte[] before = Files.readAllBytes(list());
        write(List.of("b")); // rolled over to segment 2 and listed it
        Files.write(list(), before); // as if the process had died before the list's rename

        assertEquals(List.of("a", "b"), journals());
        assertTrue(Files.readString(list()).contains("segment-0000000002.log at least "), "listed when opened");
        Files.delete(segment(2));
        assertThrows(JournalException.class, this::open);
    }

    @Test
    void aProcessThatDiedRightAfterCreatingASegmentLeavesALogThatOpens() throws Exception {
        write(List.of("a", "b"));
        Files.createFile(segment(3)); // rolled over, then died before the batch was written

        assertEquals(List.of("a", "b"), journals());
        write(List.of("c"));
        assertEquals(List.of("a", "b", "c"), journals());
    }

    @Test
    void aDirectoryWrittenBeforeThereWasAListOpensAsItIsAndIsListedFromThen() throws Exception {
        write(List.of("a", "b", "c"));
        Files.delete(list()); // as an earlier version left it

        assertEquals(List.of("a", "b", "c"), journals());
        assertTrue(Files.exists(list()));
        Files.delete(segment(3));
        JournalException e = assertThrows(JournalException.class, this::open);
        assertTrue(e.getMessage().contains("segment-0000000003.log is missing"), e.getMessage());
    }

    @Test
    void aDamagedListIsCorruptionNamingItAndDeletingItOpensTheLog() throws Exception {
        write(List.of("a", "b"));
        String text = Files.readString(list());
        Files.writeString(list(), text.replace("at least 1", "at least 9"));

        JournalException e = assertThrows(JournalException.class, this::open);
        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertTrue(e.getMessage().contains("its file 'segments'"), e.getMessage());
        assertTrue(e.getMessage().contains("its checksum does not match"), e.getMessage());

        Files.delete(list()); // the segments are whole: taken as they are
        assertEquals(List.of("a", "b"), journals());
    }

    @Test
    void theListIsWrittenOncePerSegmentNeverPerRecord() throws Exception {
        AtomicInteger forces = new AtomicInteger();
        // FLUSH forces no batch: the one force is the one the list needs, for the bytes it says are forced
        try (SharedLogJournalStore store = SharedLogJournalStore.open(
                        dir,
                        Durability.FLUSH,
                        channel -> {
                            forces.incrementAndGet();
                            channel.force(false);
                        },
                        SEGMENT_BYTES);
                JournalStore.Writer writer = store.create("a")) {
            writer.append("a1");
            String listed = Files.readString(list(), StandardCharsets.UTF_8);
            assertEquals(1, forces.get());
            for (int n = 2; n <= 20; n++) {
                writer.append("a" + n);
            }
            assertEquals(1, forces.get());
            assertEquals(listed, Files.readString(list(), StandardCharsets.UTF_8), "not rewritten per record");
            assertEquals(
                    "agentfsm shared log 1\nsegment-0000000001.log at least "
                            + SharedLog.frame("a", -1, "a1").remaining() + "\n",
                    listed.substring(0, listed.indexOf("crc32c")));
        }
    }
}
