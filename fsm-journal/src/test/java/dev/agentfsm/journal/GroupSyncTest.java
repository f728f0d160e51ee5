package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit ({@link Durability#GROUP}): a writer returns only once its file was forced, writers that
 * arrive while a round forces share the next round, and a failed force reaches its own writer. Forces are
 * stand-ins that wait on latches, so nothing here depends on timing.
 */
class GroupSyncTest {
    @TempDir
    Path dir;

    /** The writers' threads: one each, never a shared pool that might run them one after the other. */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    private static JournalRecord.Header header() {
        return header("s-1");
    }

    private static JournalRecord.Header header(String session) {
        return new JournalRecord.Header(
                1, JournalFile.FORMAT, session, "Tally", "sha256:00", List.of("Tally"), 50, 1, Instant.EPOCH);
    }

    private JournalFile create(String name, GroupSync group) throws IOException {
        return JournalFile.create(dir.resolve(name), Durability.GROUP, group);
    }

    @Test
    void aWriterReturnsOnlyOnceItsFileWasForced() throws Exception {
        CountDownLatch forcing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicLong forcedSize = new AtomicLong(-1);
        GroupSync group = new GroupSync(
                channel -> {
                    long size = channel.size(); // the record was written before the force began
                    forcing.countDown();
                    await(release);
                    forcedSize.set(size);
                },
                4);
        try (JournalFile journal = create("j", group)) {
            CompletableFuture<Long> writer = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            journal.append(RecordCodec.line(header()));
                            return forcedSize.get(); // what had been forced when write returned
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    threads);
            forcing.await();
            assertFalse(writer.isDone(), "the writer is still waiting for its force");
            release.countDown();
            long forced = writer.get();
            assertEquals(Files.size(dir.resolve("j")), forced, "write returned after the whole record was forced");
            assertEquals(1, journal.records());
        }
        assertEquals(1, group.rounds());
        assertEquals(1, group.forces());
    }

    @Test
    void writersArrivingDuringARoundShareTheNextOne() throws Exception {
        int writers = 8;
        CountDownLatch firstForce = new CountDownLatch(1);
        AtomicInteger forcesSeen = new AtomicInteger();
        GroupSync[] holder = new GroupSync[1];
        GroupSync group = new GroupSync(
                channel -> {
                    if (forcesSeen.getAndIncrement() == 0) {
                        firstForce.countDown();
                        // hold round 1 until every other writer waits for round 2
                        try {
                            holder[0].awaitWaiting(writers - 1);
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                },
                4);
        holder[0] = group;
        List<JournalFile> files = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            files.add(create("j" + i, group));
        }
        List<CompletableFuture<Void>> written = new ArrayList<>();
        written.add(write(files.get(0), header()));
        firstForce.await();
        for (int i = 1; i < writers; i++) {
            written.add(write(files.get(i), header()));
        }
        for (CompletableFuture<Void> w : written) {
            w.get();
        }
        for (JournalFile file : files) {
            assertEquals(1, file.records());
            file.close();
        }
        assertEquals(writers, group.forces(), "each file forced once for its record");
        assertEquals(2, group.rounds(), "8 records, 2 rounds: the 7 that came during round 1 shared round 2");
    }

    @Test
    void aFailedForceFailsItsOwnWriterOnly() throws Exception {
        Path bad = dir.resolve("bad");
        CountDownLatch bothWaiting = new CountDownLatch(1);
        GroupSync[] holder = new GroupSync[1];
        AtomicInteger calls = new AtomicInteger();
        GroupSync group = new GroupSync(
                channel -> {
                    if (calls.getAndIncrement() == 0) {
                        // round 1 is the warm-up write below; it holds until both writers wait for round 2
                        bothWaiting.countDown();
                        try {
                            holder[0].awaitWaiting(2);
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                        return;
                    }
                    if (channel.size() > 4096) { // the failing journal's record is the long one
                        throw new IOException("No space left on device");
                    }
                },
                4);
        holder[0] = group;
        try (JournalFile first = create("first", group);
                JournalFile good = create("good", group);
                JournalFile failing = create("bad", group)) {
            CompletableFuture<Void> warmUp = write(first, header());
            bothWaiting.await();
            CompletableFuture<Void> goodWrite = write(good, header());
            CompletableFuture<Void> badWrite = write(failing, header("s".repeat(5000)));
            warmUp.get();
            goodWrite.get();
            ExecutionException e = assertThrows(ExecutionException.class, badWrite::get);
            assertTrue(e.getCause().getCause() instanceof IOException, e.toString());
            assertTrue(e.getCause().getCause().getMessage().contains("No space left on device"), e.toString());
            assertEquals(1, good.records());
            assertEquals(0, failing.records(), "a record not known durable is not counted");
        }
        assertTrue(Files.size(bad) > 0);
        assertEquals(2, group.rounds());
    }

    @Test
    void anInterruptedWriterStillWaitsForItsForceAndKeepsTheInterrupt() throws Exception {
        CountDownLatch forcing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger forced = new AtomicInteger();
        GroupSync group = new GroupSync(
                channel -> {
                    forcing.countDown();
                    await(release);
                    forced.incrementAndGet();
                },
                4);
        try (JournalFile journal = create("j", group)) {
            CompletableFuture<String> result = new CompletableFuture<>();
            Thread writer = new Thread(() -> {
                try {
                    journal.append(RecordCodec.line(header()));
                    result.complete("forced " + forced.get() + ", interrupted "
                            + Thread.currentThread().isInterrupted());
                } catch (Throwable t) {
                    result.completeExceptionally(t);
                }
            });
            writer.start();
            forcing.await();
            writer.interrupt();
            release.countDown();
            assertEquals("forced 1, interrupted true", result.get());
            writer.join();
        }
    }

    @Test
    void theSharedSyncerForcesRealFiles() throws Exception {
        Path file = dir.resolve("shared");
        try (JournalFile journal = JournalFile.create(file, Durability.GROUP)) {
            journal.append(RecordCodec.line(header()));
        }
        assertEquals(List.of(header()), JournalFile.read(file).records());
    }

    private CompletableFuture<Void> write(JournalFile file, JournalRecord record) {
        return CompletableFuture.runAsync(
                () -> {
                    try {
                        file.append(RecordCodec.line(record));
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                },
                threads);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
