package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentfsm.annotations.Trigger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's file format: records written and read back, a torn tail, and what is corruption. */
class JournalFileTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @TempDir
    Path dir;

    private static JournalRecord.Header header() {
        return new JournalRecord.Header(
                1,
                JournalFile.FORMAT,
                "s-1",
                "HostAgent",
                "sha256:00",
                List.of("HostAgent"),
                50,
                1,
                Instant.parse("2026-11-25T10:00:00Z"));
    }

    private static JournalRecord.Step step(int number, int sessionStep) {
        return new JournalRecord.Step(
                number,
                1,
                sessionStep,
                sessionStep,
                "HostAgent",
                "HostAgent.CONTINUE",
                Optional.of(new JournalRecord.Moved("HostAgent.CONTINUE", Trigger.LLM)),
                Optional.empty(),
                Optional.empty(),
                false,
                List.of(NODES.objectNode()
                        .put("kind", "llm")
                        .put("reply", "{\"status\": \"CONTINUE\"}\nwith \"quotes\" and ü")),
                NODES.objectNode().set("set", NODES.objectNode().put("n", sessionStep)),
                NODES.objectNode(),
                1234);
    }

    @Test
    void recordsAreReadBackAsWritten() throws Exception {
        Path file = dir.resolve("j");
        List<JournalRecord> written = List.of(
                header(),
                new JournalRecord.Requests(2, List.of("do it")),
                step(3, 1),
                new JournalRecord.RoundEnd(
                        4, 1, "COMPLETED", "done", List.of("HostAgent.CONTINUE"), Optional.of("42")));
        try (JournalLog journal = TestLogs.create(file, Durability.SYNC)) {
            for (JournalRecord record : written) {
                journal.write(record);
            }
            assertEquals(4, journal.records());
            assertEquals(Files.size(file), journal.bytes());
        }
        JournalFile.Contents contents = JournalFile.read(file);
        assertEquals(written, contents.records());
        assertEquals(0, contents.tornBytes());
        assertEquals(4, Files.readAllLines(file).size(), "one line per record, newlines in text escaped");
    }

    @Test
    void aTornTailIsReportedAndCutOffBeforeTheNextRecord() throws Exception {
        Path file = dir.resolve("j");
        try (JournalLog journal = TestLogs.create(file, Durability.FLUSH)) {
            journal.write(header());
            journal.write(step(2, 1));
        }
        long whole = Files.size(file);
        Files.write(file, "{\"n\":3,\"type\":\"st".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);

        JournalFile.Contents contents = JournalFile.read(file);
        assertEquals(2, contents.records().size());
        assertEquals(whole, contents.validBytes());
        assertEquals(17, contents.tornBytes());
        try (JournalLog journal = TestLogs.append(file, Durability.FLUSH, Optional.empty())) {
            journal.write(step(3, 2));
        }
        assertEquals(
                List.of(header(), step(2, 1), step(3, 2)),
                JournalFile.read(file).records());
    }

    @Test
    void aJournalOfAnotherFormatIsNamedAsSuch() throws Exception {
        Path file = dir.resolve("j");
        try (JournalLog journal = TestLogs.create(file, Durability.FLUSH)) {
            journal.write(new JournalRecord.Header(1, 2, "s", "M", "f", List.of("M"), 1, 1, Instant.EPOCH));
        }
        JournalException e = assertThrows(JournalException.class, () -> JournalFile.read(file));
        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertEquals(
                "journal " + file + " was written by another version of agent-fsm: it is a journal of format 2, and"
                        + " this runtime reads format 1 (its header, line 1, byte 0). Nothing was resumed, and the"
                        + " journal was left as it is. Resume it with the agent-fsm version that wrote it, or start a"
                        + " new session",
                e.getMessage(),
                "a whole journal of another version is neither called corrupt nor to be cut to nothing");
    }

    @Test
    void aDamagedHeaderIsNotToBeCutToNothing() throws Exception {
        Path file = dir.resolve("j");
        try (JournalLog journal = TestLogs.create(file, Durability.FLUSH)) {
            journal.write(header());
            journal.write(step(2, 1));
        }
        List<String> lines = Files.readAllLines(file);
        Files.write(file, List.of(lines.get(0).replace("\"s-1\"", "\"s-2\""), lines.get(1)));

        JournalException e = assertThrows(JournalException.class, () -> JournalFile.read(file));

        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertEquals(1, e.record().orElseThrow());
        assertTrue(
                e.getMessage().endsWith("Nothing was resumed. Restore the journal from a copy, or start a new session"),
                e.getMessage());
    }

    @Test
    void aJournalMustStartWithItsHeaderAndHaveOnlyOne() throws Exception {
        Path file = dir.resolve("j");
        try (JournalLog journal = TestLogs.create(file, Durability.FLUSH)) {
            journal.write(header());
        }
        String header = Files.readString(file);
        Files.writeString(file, header + header.replace("\"n\":1", "\"n\":2"));
        JournalException e = assertThrows(JournalException.class, () -> JournalFile.read(file));
        assertEquals(2, e.record().orElseThrow());
        // the checksum catches the edit before the second header does
        assertTrue(e.getMessage().contains("checksum"), e.getMessage());
    }

    @Test
    void aRecordGoesWhereItsNumberSays() throws Exception {
        try (JournalLog journal = TestLogs.create(dir.resolve("j"), Durability.FLUSH)) {
            journal.write(header());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> journal.write(step(3, 1)));
            assertTrue(e.getMessage().contains("record 3 given where record 2"), e.getMessage());
        }
    }
}
