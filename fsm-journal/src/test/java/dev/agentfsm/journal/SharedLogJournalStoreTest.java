package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared-log store: many journals in one log read back whole and in order; concurrent appends share a
 * batch and its one force, and none returns before it; a torn last batch is cut off with nothing else lost,
 * while damage before a good frame is refused; one writer per journal and one store per directory; keyed
 * journals keep their MAC chain. Forces that must wait are stand-ins waiting on latches: nothing here
 * depends on timing.
 */
class SharedLogJournalStoreTest {
    private static final JournalKey KEY = TestKeys.KEY;
    private static final JournalKey OTHER = TestKeys.OTHER;

    @TempDir
    Path dir;

    /** One thread per appender, never a pool that might run them one after the other. */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    /** The line {@code n} of journal {@code journal}: of varying length, so frames fall anywhere. */
    static String line(String journal, int n) {
        return "{\"journal\":\"" + journal + "\",\"n\":" + n + ",\"pad\":\"" + "x".repeat((n * 37) % 300) + "\"}";
    }

    /** The lines a reader was handed, and the torn bytes reported. */
    static final class Lines implements JournalStore.Reader {
        final List<String> lines = new ArrayList<>();
        final List<String> positions = new ArrayList<>();
        long torn = -1;

        @Override
        public void line(JournalStore.Line line) {
            assertEquals(lines.size() + 1, line.number());
            lines.add(line.text());
            positions.add(line.position());
        }

        @Override
        public void torn(long bytes) {
            torn = bytes;
        }
    }

    static List<String> read(SharedLogJournalStore store, String journal) throws IOException {
        Lines lines = new Lines();
        store.open(journal, lines).close();
        assertEquals(0, lines.torn);
        return lines.lines;
    }

    private static List<String> expected(String journal, int count) {
        List<String> lines = new ArrayList<>();
        for (int n = 1; n <= count; n++) {
            lines.add(line(journal, n));
        }
        return lines;
    }

    private Path lastSegment() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("segment-"))
                    .sorted()
                    .reduce((a, b) -> b)
                    .orElseThrow();
        }
    }

    @Test
    void manyConcurrentJournalsReadBackWholeAndInOrderAcrossSegments() throws Exception {
        int journals = 40;
        int lines = 30;
        // small segments, so that the log rolls over many times while the journals interleave
        try (SharedLogJournalStore store =
                SharedLogJournalStore.open(dir, Durability.SYNC, channel -> channel.force(false), 16 << 10)) {
            List<Callable<Void>> work = new ArrayList<>();
            CyclicBarrier start = new CyclicBarrier(journals);
            for (int j = 0; j < journals; j++) {
                String name = "session-" + j;
                work.add(() -> {
                    start.await();
                    try (JournalStore.Writer writer = store.create(name)) {
                        for (int n = 1; n <= lines; n++) {
                            writer.append(line(name, n));
                        }
                    }
                    return null;
                });
            }
            for (Future<Void> done : threads.invokeAll(work)) {
                done.get();
            }
            assertEquals(journals * lines, store.lines());
            assertTrue(store.batches() <= store.lines());
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(files.filter(f -> f.getFileName().toString().startsWith("segment-"))
                            .count()
                    > 3);
        }
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            List<String> names = new ArrayList<>();
            for (int j = 0; j < journals; j++) {
                names.add("session-" + j);
            }
            names.sort(null);
            assertEquals(names, store.journals());
            for (String name : names) {
                assertEquals(expected(name, lines), read(store, name), name);
            }
            assertEquals(journals * (long) lines, store.log().scanned().frames());
            assertEquals(0, store.log().scanned().cutBytes());
        }
    }

    @Test
    void appendersThatArriveDuringAForceShareTheNextBatchAndNoneReturnsBeforeIt() throws Exception {
        CountDownLatch forcing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch releaseSecond = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger forces = new AtomicInteger();
        SharedLog.Force force = channel -> {
            int call = calls.incrementAndGet();
            forcing.countDown();
            try {
                (call == 1 ? release : releaseSecond).await();
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
            forces.incrementAndGet();
        };
        int waiting = 10;
        SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC, force, SharedLog.SEGMENT_BYTES);
        try {
            JournalStore.Writer first = store.create("first");
            Future<Integer> firstSeen = threads.submit(() -> {
                first.append(line("first", 1));
                return forces.get(); // the forces done when append returned
            });
            forcing.await(); // the first batch is being forced
            List<Future<Integer>> seen = new ArrayList<>();
            for (int j = 0; j < waiting; j++) {
                JournalStore.Writer writer = store.create("w" + j);
                String name = "w" + j;
                seen.add(threads.submit(() -> {
                    writer.append(line(name, 1));
                    return forces.get();
                }));
            }
            store.log().awaitWaiting(waiting); // all ten wait for the next batch
            assertFalse(firstSeen.isDone(), "the first append waits for its force");
            release.countDown();
            assertEquals(1, firstSeen.get());
            for (Future<Integer> s : seen) {
                assertFalse(s.isDone(), "an append returned before its batch was forced");
            }
            releaseSecond.countDown();
            for (Future<Integer> s : seen) {
                assertEquals(2, s.get(), "an append returned before its batch was forced");
            }
            assertEquals(2, forces.get(), "the ten appends shared one force");
            assertEquals(2, store.batches());
            assertEquals(waiting + 1, store.lines());
        } finally {
            // a failed check must not leave the log's writer in a stand-in force: close would wait for it
            release.countDown();
            releaseSecond.countDown();
            store.close();
        }
    }

    @Test
    void aBatchLargerThanTheGatherBufferAndALineLargerThanItAreWrittenWhole() throws Exception {
        CountDownLatch forcing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        SharedLog.Force force = channel -> {
            forcing.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
        };
        // five lines that together overflow the gather buffer, and one longer than it on its own
        Map<String, String> lines = new TreeMap<>();
        for (int j = 0; j < 5; j++) {
            lines.put(
                    "part-" + j,
                    "{\"pad\":\"" + String.valueOf((char) ('a' + j)).repeat(SharedLog.GATHER_BYTES / 3) + "\"}");
        }
        lines.put("whole", "{\"pad\":\"" + "z".repeat(SharedLog.GATHER_BYTES + SharedLog.GATHER_BYTES / 2) + "\"}");
        SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC, force, SharedLog.SEGMENT_BYTES);
        try {
            JournalStore.Writer first = store.create("first");
            Future<?> firstDone = threads.submit(() -> {
                first.append(line("first", 1));
                return null;
            });
            forcing.await(); // the first batch is being forced: the others gather into the next one
            List<Future<?>> done = new ArrayList<>();
            for (Map.Entry<String, String> line : lines.entrySet()) {
                JournalStore.Writer writer = store.create(line.getKey());
                done.add(threads.submit(() -> {
                    writer.append(line.getValue());
                    return null;
                }));
            }
            store.log().awaitWaiting(lines.size());
            release.countDown();
            firstDone.get();
            for (Future<?> d : done) {
                d.get();
            }
            assertEquals(2, store.batches(), "the six long lines were one batch");
        } finally {
            release.countDown();
            store.close();
        }
        try (SharedLogJournalStore reopened = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            assertEquals(List.of(line("first", 1)), read(reopened, "first"));
            for (Map.Entry<String, String> line : lines.entrySet()) {
                assertEquals(List.of(line.getValue()), read(reopened, line.getKey()), line.getKey());
            }
            assertEquals(0, reopened.log().scanned().cutBytes());
        }
    }

    @Test
    void aTornLastBatchIsCutOffOnOpenAndNothingElseIsLost() throws Exception {
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            for (String name : List.of("a", "b")) {
                try (JournalStore.Writer writer = store.create(name)) {
                    for (int n = 1; n <= 5; n++) {
                        writer.append(line(name, n));
                    }
                }
            }
        }
        long aLast;
        long bLast;
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            aLast = store.log().scanned().tails().get("a");
            bLast = store.log().scanned().tails().get("b");
        }
        Path segment = lastSegment();
        long good = Files.size(segment);
        // the process died in the middle of a batch: a whole frame of a made it, half of one of b did not
        ByteBuffer whole = SharedLog.frame("a", aLast, line("a", 6));
        long wholeBytes = whole.remaining();
        ByteBuffer half = SharedLog.frame("b", bLast, line("b", 6));
        half.limit(half.limit() / 2);
        try (FileChannel out = FileChannel.open(segment, StandardOpenOption.APPEND)) {
            out.write(new ByteBuffer[] {whole, half});
        }
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            // the whole frame is kept (as a file keeps a line written but not yet forced); the half one is cut
            assertEquals(good + wholeBytes, Files.size(segment));
            assertEquals(half.limit(), store.log().scanned().cutBytes());
            assertEquals(expected("a", 6), read(store, "a"));
            assertEquals(expected("b", 5), read(store, "b"));
            Lines lines = new Lines();
            try (JournalStore.Writer writer = store.open("b", lines)) {
                writer.append(line("b", 6));
            }
        }
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            assertEquals(expected("b", 6), read(store, "b"));
            assertEquals(0, store.log().scanned().cutBytes());
        }
    }

    @Test
    void zerosAfterTheLastFrameAreATornTail() throws Exception {
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC);
                JournalStore.Writer writer = store.create("a")) {
            writer.append(line("a", 1));
        }
        Path segment = lastSegment();
        long good = Files.size(segment);
        try (FileChannel out = FileChannel.open(segment, StandardOpenOption.APPEND)) {
            out.write(ByteBuffer.allocate(4096)); // a file system that grew the file before the data came
        }
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            assertEquals(4096, store.log().scanned().cutBytes());
            assertEquals(good, Files.size(segment));
            assertEquals(expected("a", 1), read(store, "a"));
        }
    }

    @Test
    void aDamagedFrameWithGoodFramesAfterItIsCorruptionNamingWhereItIs() throws Exception {
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC);
                JournalStore.Writer writer = store.create("a")) {
            for (int n = 1; n <= 3; n++) {
                writer.append(line("a", n));
            }
        }
        Path segment = lastSegment();
        byte[] bytes = Files.readAllBytes(segment);
        bytes[40] ^= 1; // inside the first frame's line
        Files.write(segment, bytes);
        long size = Files.size(segment);

        JournalException e =
                assertThrows(JournalException.class, () -> SharedLogJournalStore.open(dir, Durability.SYNC));
        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertTrue(e.getMessage().contains("is corrupt at byte 0 of " + segment), e.getMessage());
        assertTrue(e.getMessage().contains("a damaged frame with good frames after it"), e.getMessage());
        assertEquals(size, Files.size(segment), "nothing was cut");
        bytes[40] ^= 1; // restored from a copy
        Files.write(segment, bytes);
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            assertEquals(expected("a", 3), read(store, "a")); // the refusal let the directory go
        }
    }

    @Test
    void aMissingSegmentIsCorruptionNamingItNotJournalsThatVanish() throws Exception {
        // lines of 10 KiB in segments of 16 KiB: journal a in segment 1, b in segment 2, c in segment 3
        try (SharedLogJournalStore store =
                SharedLogJournalStore.open(dir, Durability.SYNC, channel -> channel.force(false), 16 << 10)) {
            for (String name : List.of("a", "b", "c")) {
                try (JournalStore.Writer writer = store.create(name)) {
                    writer.append(name + "x".repeat(10 << 10));
                }
            }
        }
        for (String missing : List.of("segment-0000000002.log", "segment-0000000001.log")) {
            Path segment = dir.resolve(missing);
            byte[] bytes = Files.readAllBytes(segment);
            Files.delete(segment);
            JournalException e =
                    assertThrows(JournalException.class, () -> SharedLogJournalStore.open(dir, Durability.SYNC));
            assertEquals(JournalException.Kind.CORRUPT, e.kind());
            assertTrue(e.getMessage().contains(missing + " is missing"), e.getMessage());
            Files.write(segment, bytes); // restored from a copy
        }
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            assertEquals(List.of("a", "b", "c"), store.journals());
        }
    }

    @Test
    void aLineOverTheRecordCapIsRefusedSoTheLogStillOpensWithEveryJournal() throws Exception {
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            try (JournalStore.Writer writer = store.create("a")) {
                writer.append(line("a", 1));
                // a frame this long would read back as damage: a torn tail cut off, or, with b's frame after it,
                // the whole log corrupt
                JournalException e = assertThrows(
                        JournalException.class,
                        () -> writer.append("x".repeat(JournalFile.MAX_RECORD_BYTES + SharedLog.MAX_NAME_BYTES)));
                assertEquals(JournalException.Kind.TOO_LARGE, e.kind());
                assertTrue(e.getMessage().contains("over the cap of 16 MiB"), e.getMessage());
            }
            try (JournalStore.Writer writer = store.create("b")) {
                writer.append(line("b", 1));
            }
        }
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            assertEquals(0, store.log().scanned().cutBytes());
            assertEquals(expected("a", 1), read(store, "a"));
            assertEquals(expected("b", 1), read(store, "b"));
        }
    }

    @Test
    void ofTwoResumersRacingForAJournalExactlyOneWins() throws Exception {
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            try (JournalStore.Writer writer = store.create("j")) {
                writer.append(line("j", 1));
            }
            for (int race = 0; race < 20; race++) {
                CyclicBarrier start = new CyclicBarrier(2);
                Callable<JournalStore.Writer> resume = () -> {
                    start.await();
                    return store.open("j", new Lines());
                };
                Future<JournalStore.Writer> one = threads.submit(resume);
                Future<JournalStore.Writer> two = threads.submit(resume);
                List<JournalStore.Writer> won = new ArrayList<>();
                List<Throwable> lost = new ArrayList<>();
                for (Future<JournalStore.Writer> f : List.of(one, two)) {
                    try {
                        won.add(f.get());
                    } catch (java.util.concurrent.ExecutionException e) {
                        lost.add(e.getCause());
                    }
                }
                assertEquals(1, won.size(), "race " + race + ": " + lost);
                JournalException refused = (JournalException) lost.get(0);
                assertEquals(JournalException.Kind.IN_USE, refused.kind());
                assertEquals("'j' in shared log " + dir, refused.journal());
                assertThrows(JournalException.class, () -> store.create("j")); // held: IN_USE
                won.get(0).close();
            }
            JournalException again = assertThrows(JournalException.class, () -> store.create("j"));
            assertEquals(JournalException.Kind.MISUSE, again.kind());
            assertTrue(again.getMessage().contains("already holds records"), again.getMessage());
        }
    }

    @Test
    void aSecondStoreOfTheDirectoryIsRefusedNamingTheHolder() throws Exception {
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            JournalException e =
                    assertThrows(JournalException.class, () -> SharedLogJournalStore.open(dir, Durability.FLUSH));
            assertEquals(JournalException.Kind.IN_USE, e.kind());
            assertTrue(
                    e.getMessage()
                            .contains("is open in another SharedLogJournalStore of this JVM, process "
                                    + ProcessHandle.current().pid() + " on "),
                    e.getMessage());
            assertEquals(List.of(), store.journals());
        }
        SharedLogJournalStore.open(dir, Durability.SYNC).close(); // closed, it let the directory go
    }

    @Test
    void aKeyedJournalKeepsItsMacChainInTheSharedLog() throws Exception {
        List<JournalRecord> records = List.of(
                new JournalRecord.Header(
                        1, JournalFile.FORMAT, "s-1", "M", "sha256:00", List.of("M"), 50, 1, Instant.EPOCH),
                new JournalRecord.Requests(2, List.of("do it")),
                new JournalRecord.RoundEnd(3, 1, "COMPLETED", "done", List.of("M.A"), Optional.of("42")));
        try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
            try (JournalLog log = JournalLog.create(store, "k", Optional.of(KEY))) {
                log.write(records.get(0));
                log.write(records.get(1));
            }
            try (JournalLog log = JournalLog.open(store, "k", Optional.of(KEY)).log()) {
                log.write(records.get(2));
            }
            JournalLog.Opened opened = JournalLog.open(store, "k", Optional.of(KEY));
            opened.log().close();
            assertEquals(records, opened.records());

            JournalException other = assertThrows(JournalException.class, () -> Journal.open(store, "k", OTHER));
            assertEquals(JournalException.Kind.UNAUTHENTIC, other.kind());
            assertTrue(other.getMessage().contains("'k' in shared log " + dir), other.getMessage());
            try (Journal journal = Journal.open(store, "k", KEY)) {
                assertEquals(List.of("do it"), journal.recordedRequests());
                assertEquals(Optional.of("s-1"), journal.session());
            }
        }
    }
}
