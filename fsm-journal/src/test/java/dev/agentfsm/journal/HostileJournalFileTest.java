package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A journal file an attacker or an accident made: symbolic links, huge and sparse files, endless lines. */
class HostileJournalFileTest {
    @TempDir
    Path dir;

    private static JournalRecord.Header header() {
        return new JournalRecord.Header(
                1, JournalFile.FORMAT, "s-1", "M", "sha256:00", List.of("M"), 50, 1, Instant.EPOCH);
    }

    @Test
    void aDanglingLinkIsRefusedAndNothingIsCreatedWhereItPoints() throws Exception {
        Path target = dir.resolve("elsewhere").resolve("planted");
        Files.createDirectories(target.getParent());
        Path link = Files.createSymbolicLink(dir.resolve("j"), target);

        JournalException e = assertThrows(JournalException.class, () -> JournalFile.create(link, Durability.FLUSH)
                .close());

        assertFalse(Files.exists(target), "no file was created at the link's target");
        assertEquals(
                "journal " + link + " is a symbolic link (to " + target + "), and a journal is not created through a"
                        + " link, so that it never lands where the user did not name; give the file's real path",
                e.getMessage());
    }

    @Test
    void aLinkToAJournalIsNeitherReadNorWritten() throws Exception {
        Path real = dir.resolve("real");
        try (JournalLog journal = TestLogs.create(real, Durability.FLUSH)) {
            journal.write(header());
        }
        byte[] before = Files.readAllBytes(real);
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);

        JournalException read = assertThrows(JournalException.class, () -> JournalFile.read(link));
        assertTrue(read.getMessage().contains("is a symbolic link (to " + real + ")"), read.getMessage());
        JournalException append =
                assertThrows(JournalException.class, () -> TestLogs.append(link, Durability.FLUSH, Optional.empty())
                        .close());
        assertEquals(JournalException.Kind.LINK, append.kind());
        assertTrue(append.getMessage().contains("is not read through a link"), append.getMessage());
        assertEquals(List.of(before.length), List.of(Files.readAllBytes(real).length), "the journal is unchanged");
    }

    @Test
    void aHugeSparseFileIsRefusedNamingItsSizeAndTheCapBeforeAnythingIsRead() throws Exception {
        Path file = dir.resolve("huge");
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(3L << 30); // 3 GiB of holes: no disk, and more than any heap here
        }

        JournalException e = assertThrows(JournalException.class, () -> JournalFile.read(file));

        assertEquals(JournalException.Kind.TOO_LARGE, e.kind());
        assertTrue(
                e.getMessage()
                        .startsWith("journal " + file + " holds 3221225472 bytes (3072.0 MiB), over the cap of"
                                + " 128.0 MiB a journal may hold; it was not read"),
                e.getMessage());
    }

    @Test
    void anEndlessLineIsRefusedAtTheRecordCapInASmallHeap() throws Exception {
        Path file = dir.resolve("endless");
        Files.write(file, (RecordCodec.line(header()) + "\n").getBytes(StandardCharsets.UTF_8));
        long headerBytes = Files.size(file);
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(120L << 20); // under the file cap, one 120 MiB line after the header
        }

        // a JVM of its own with a heap smaller than the file: reading it whole ends in OutOfMemoryError
        Process reader = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx96m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        ReadJournal.class.getName(),
                        file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(reader.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = reader.waitFor();

        assertEquals(0, exit, out);
        assertTrue(out.startsWith("refused: journal " + file + ": record 2 (from byte " + headerBytes + ")"), out);
        assertTrue(out.contains("is longer than the cap of 16.0 MiB a record may have"), out);
    }

    @Test
    void aDeeplyNestedRecordWithItsChecksumRecomputedIsCorruptNotAStackOverflow() throws Exception {
        Path file = dir.resolve("deep");
        String body = "{\"n\":2,\"type\":\"requests\",\"requests\":" + "[".repeat(200_000) + "]".repeat(200_000) + "}";
        String line = body.substring(0, body.length() - 1) + ",\"crc\":\"" + RecordCodec.crc(body) + "\"}";
        Files.writeString(file, RecordCodec.line(header()) + "\n" + line + "\n");

        JournalException e = assertThrows(JournalException.class, () -> JournalFile.read(file));

        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertEquals(2, e.record().orElseThrow());
        assertTrue(e.getMessage().contains("it is not JSON: Document nesting depth"), e.getMessage());
    }

    /** Reads the journal named by its argument and prints how that ended; run in a JVM with a small heap. */
    public static final class ReadJournal {
        private ReadJournal() {}

        public static void main(String[] args) throws IOException {
            try {
                JournalFile.Contents contents = JournalFile.read(Path.of(args[0]));
                System.out.println("read " + contents.records().size() + " records");
            } catch (JournalException e) {
                System.out.println("refused: " + e.getMessage());
            }
        }
    }
}
