package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A keyed journal: its CRC shows a line was not damaged; its chained MAC shows a holder of the key wrote
 * every record as it is, in order, in this journal.
 */
class JournalKeyTest {
    private static final JournalKey KEY = TestKeys.KEY;
    private static final JournalKey OTHER = TestKeys.OTHER;

    @TempDir
    Path dir;

    private static List<JournalRecord> records(String session, String request) {
        return List.of(
                new JournalRecord.Header(
                        1, JournalFile.FORMAT, session, "M", "sha256:00", List.of("M"), 50, 1, Instant.EPOCH),
                new JournalRecord.Requests(2, List.of(request)),
                new JournalRecord.RoundEnd(3, 1, "COMPLETED", "done", List.of("M.A"), Optional.of("42")));
    }

    private Path write(String name, Optional<JournalKey> key, List<JournalRecord> records) throws Exception {
        Path file = dir.resolve(name);
        try (JournalLog journal = TestLogs.create(file, Durability.FLUSH, key)) {
            for (JournalRecord record : records) {
                journal.write(record);
            }
        }
        return file;
    }

    @Test
    void aKeyedJournalReadsBackAndGoesOnWithTheSameKey() throws Exception {
        List<JournalRecord> all = records("s-1", "do it");
        Path file = write("j", Optional.of(KEY), all.subList(0, 2));

        try (JournalLog journal = TestLogs.append(file, Durability.FLUSH, Optional.of(KEY))) {
            journal.write(all.get(2));
        }

        assertEquals(all, JournalFile.read(file, Optional.of(KEY)).records());
        JournalException unkeyed =
                assertThrows(JournalException.class, () -> TestLogs.append(file, Durability.FLUSH, Optional.empty())
                        .close());
        assertEquals(JournalException.Kind.UNAUTHENTIC, unkeyed.kind());
        assertTrue(
                unkeyed.getMessage().contains("was written with a key (each record carries a MAC), and none was given"),
                unkeyed.getMessage());
        assertTrue(Files.readAllLines(file).stream().allMatch(l -> l.contains(",\"mac\":\"")));
    }

    @Test
    void withoutAKeyARecordEditedWithItsChecksumRecomputedIsAccepted() throws Exception {
        Path file = write("j", Optional.empty(), records("s-1", "do it"));
        forge(file, 1, "do it", "rm -rf /");

        // integrity is not authenticity: this is what the key is for
        assertEquals(
                List.of("rm -rf /"),
                ((JournalRecord.Requests) JournalFile.read(file).records().get(1)).requests());
    }

    @Test
    void withTheKeyARecordEditedWithItsChecksumRecomputedIsRefusedNamingIt() throws Exception {
        Path file = write("j", Optional.of(KEY), records("s-1", "do it"));
        forge(file, 1, "do it", "rm -rf /");

        JournalException e = assertThrows(JournalException.class, () -> JournalFile.read(file, Optional.of(KEY)));

        assertEquals(JournalException.Kind.UNAUTHENTIC, e.kind());
        assertEquals(2, e.record().orElseThrow());
        assertTrue(
                e.getMessage().startsWith("journal " + file + " fails its key at record 2 (line 2, byte "),
                e.getMessage());
        assertFalse(e.getMessage().contains("0123456789abcdef"), "the key is never shown: " + e.getMessage());
    }

    @Test
    void aRecordMovedFromAnotherJournalWithTheSameKeyIsRefused() throws Exception {
        Path mine = write("mine", Optional.of(KEY), records("s-1", "do it"));
        Path theirs = write("theirs", Optional.of(KEY), records("s-2", "do it"));
        List<String> lines = new ArrayList<>(Files.readAllLines(mine));
        lines.set(1, Files.readAllLines(theirs).get(1)); // a good record, with a good MAC, of another journal
        Files.write(mine, lines);

        JournalException e = assertThrows(JournalException.class, () -> JournalFile.read(mine, Optional.of(KEY)));

        assertEquals(JournalException.Kind.UNAUTHENTIC, e.kind());
        assertEquals(2, e.record().orElseThrow());
    }

    @Test
    void theKeyMustBeTheOneTheJournalWasWrittenWith() throws Exception {
        Path keyed = write("keyed", Optional.of(KEY), records("s-1", "do it"));
        Path unkeyed = write("unkeyed", Optional.empty(), records("s-1", "do it"));

        JournalException other =
                assertThrows(JournalException.class, () -> JournalFile.read(keyed, Optional.of(OTHER)));
        JournalException none = assertThrows(JournalException.class, () -> JournalFile.read(keyed));
        JournalException extra =
                assertThrows(JournalException.class, () -> JournalFile.read(unkeyed, Optional.of(KEY)));

        for (JournalException e : List.of(other, none, extra)) {
            assertEquals(JournalException.Kind.UNAUTHENTIC, e.kind(), e.getMessage());
            assertEquals(1, e.record().orElseThrow(), e.getMessage());
        }
        assertTrue(none.getMessage().contains("the journal was written with a key"), none.getMessage());
        assertTrue(
                extra.getMessage().contains("it carries no MAC, and a key (JournalKey[test]) was given"),
                extra.getMessage());
    }

    @Test
    void aShortKeyIsRefusedAndAKeyIsNeverPrinted() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> JournalKey.of("short".getBytes(StandardCharsets.UTF_8), "flag"));
        assertEquals(
                "the journal key from flag has 5 bytes; a key needs at least 16 (use e.g. the output of"
                        + " 'openssl rand -hex 32')",
                e.getMessage());
        assertEquals("JournalKey[test]", KEY.toString());
    }

    /** Replaces {@code from} by {@code to} in line {@code index} and recomputes its checksum, as an attacker can. */
    private static void forge(Path file, int index, String from, String to) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        String line = lines.get(index).replace(from, to);
        int at = line.lastIndexOf(",\"crc\":\"");
        String body = line.substring(0, at) + "}";
        lines.set(index, line.substring(0, at) + ",\"crc\":\"" + RecordCodec.crc(body) + "\"}");
        Files.write(file, lines);
    }
}
