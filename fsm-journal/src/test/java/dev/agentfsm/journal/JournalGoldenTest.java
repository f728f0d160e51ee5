package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Journals as this version writes them, kept byte for byte under {@code src/test/resources/golden/format-1}: a
 * journal file unkeyed and one keyed (with {@link TestKeys#KEY}), and the shared log's segment holding both, each
 * of every kind of record. The writer must still write those bytes (a changed line is a changed format), and the
 * files must still read back as the records they were written from (a journal written by this version must be
 * resumed by the next).
 *
 * <p>A change of format raises {@link JournalFile#FORMAT} and adds a {@code format-N} directory beside this one,
 * which keeps its reading test (or one that the new version refuses it with a clear error). {@code mvn -pl
 * fsm-journal -am test -Dagentfsm.regenerateGoldens=true} rewrites the current format's files; review the change
 * with {@code git diff}.
 */
class JournalGoldenTest {
    private static final Path GOLDEN = Path.of(System.getProperty("agentfsm.goldenDir", "src/test/resources/golden"))
            .resolve("format-" + JournalFile.FORMAT);
    private static final String HOW_TO_UPDATE = "if the change of format is intended, raise JournalFile.FORMAT and keep"
            + " the old golden files' reading test; to rewrite this format's files, run 'mvn -pl fsm-journal -am test"
            + " -Dagentfsm.regenerateGoldens=true' and review 'git diff'";
    /** Every escape JSON needs, JSON inside text, non-ASCII of two, three and four bytes in UTF-8. */
    private static final String TEXT = "\"quoted\", a \\ backslash, a tab\t, a bell \u0007, a line\nbreak,"
            + " {\"action\": {\"function\": \"run\"}}, é ß € ☃ and a 😀 pair";

    private static final List<JournalRecord> RECORDS = TestRecords.everyKind(TEXT);
    private static final String SEGMENT = "segment-0000000001.log";

    @TempDir
    Path dir;

    @Test
    void aJournalFileIsWrittenAsTheGoldenFilesHoldIt() throws IOException {
        Path plain = dir.resolve("plain.journal");
        Path keyed = dir.resolve("keyed.journal");
        write(TestLogs.create(plain, Durability.FLUSH));
        write(TestLogs.create(keyed, Durability.FLUSH, Optional.of(TestKeys.KEY)));

        matches(plain, "plain.journal");
        matches(keyed, "keyed.journal");
    }

    @Test
    void theSharedLogIsWrittenAsTheGoldenSegmentHoldsIt() throws IOException {
        Path logDir = dir.resolve("log");
        try (SharedLogJournalStore store = SharedLogJournalStore.open(logDir, Durability.FLUSH);
                JournalLog plain = JournalLog.create(store, "plain", Optional.empty());
                JournalLog keyed = JournalLog.create(store, "keyed", Optional.of(TestKeys.KEY))) {
            // one after the other, record by record: each frame links back over the other journal's
            for (JournalRecord record : RECORDS) {
                plain.write(record);
                keyed.write(record);
            }
        }

        matches(logDir.resolve(SEGMENT), "shared-log/" + SEGMENT);
    }

    @Test
    void theGoldenJournalFilesReadBackAsTheRecordsTheyWereWrittenFrom() throws IOException {
        JournalFile.Contents plain = JournalFile.read(GOLDEN.resolve("plain.journal"));
        JournalFile.Contents keyed = JournalFile.read(GOLDEN.resolve("keyed.journal"), Optional.of(TestKeys.KEY));

        assertEquals(RECORDS, plain.records());
        assertEquals(0, plain.tornBytes());
        assertEquals(RECORDS, keyed.records());
        assertEquals(0, keyed.tornBytes());
        JournalException other = assertThrows(
                JournalException.class,
                () -> JournalFile.read(GOLDEN.resolve("keyed.journal"), Optional.of(TestKeys.OTHER)));
        assertEquals(JournalException.Kind.UNAUTHENTIC, other.kind(), other.getMessage());
    }

    @Test
    void theGoldenSegmentOpensWithBothJournalsWhole() throws IOException {
        Path logDir = Files.createDirectory(dir.resolve("log"));
        Files.copy(GOLDEN.resolve("shared-log").resolve(SEGMENT), logDir.resolve(SEGMENT));

        try (SharedLogJournalStore store = SharedLogJournalStore.open(logDir, Durability.FLUSH)) {
            assertEquals(List.of("keyed", "plain"), store.journals());
            JournalLog.Opened plain = JournalLog.open(store, "plain", Optional.empty());
            plain.log().close();
            JournalLog.Opened keyed = JournalLog.open(store, "keyed", Optional.of(TestKeys.KEY));
            keyed.log().close();

            assertEquals(RECORDS, plain.records());
            assertEquals(0, plain.droppedBytes());
            assertEquals(RECORDS, keyed.records());
            assertEquals(0, keyed.droppedBytes());
        }
    }

    private static void write(JournalLog log) throws IOException {
        try (log) {
            for (JournalRecord record : RECORDS) {
                log.write(record);
            }
        }
    }

    /** Asserts that {@code written} holds the golden file's bytes, after rewriting it when the build asks to. */
    private static void matches(Path written, String golden) throws IOException {
        Path file = GOLDEN.resolve(golden);
        if (Boolean.getBoolean("agentfsm.regenerateGoldens")) {
            Files.createDirectories(file.getParent());
            Files.copy(written, file, StandardCopyOption.REPLACE_EXISTING);
        }
        byte[] expected = Files.readAllBytes(file);
        byte[] actual = Files.readAllBytes(written);
        if (golden.endsWith(".journal")) {
            // line by line first, so that a failure shows the first record whose line changed
            List<String> want = lines(expected);
            List<String> got = lines(actual);
            for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
                assertEquals(want.get(i), got.get(i), "line " + (i + 1) + " of " + golden + "; " + HOW_TO_UPDATE);
            }
            assertEquals(want.size(), got.size(), "lines in " + golden + "; " + HOW_TO_UPDATE);
        }
        assertArrayEquals(expected, actual, "the bytes of " + golden + "; " + HOW_TO_UPDATE);
    }

    private static List<String> lines(byte[] utf8) {
        return new String(utf8, StandardCharsets.UTF_8).lines().toList();
    }
}
