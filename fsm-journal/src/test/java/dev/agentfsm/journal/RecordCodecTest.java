package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Records are written by Jackson's streaming generator, not through a tree: the lines must be the ones a
 * tree of the same record gives (what journals written before hold, byte for byte), and read back as the
 * records they came from, whatever text they hold.
 */
class RecordCodecTest {
    private static final ObjectMapper TREES = new ObjectMapper();
    /** Quotes, a backslash, control characters, JSON inside text, non-ASCII, a pair, a line break. */
    private static final List<String> TEXTS = List.of(
            "plain",
            "\"quoted\" and \\ a backslash, a tab\t, a bell \u0007 and a line\nbreak",
            "{\"action\": {\"function\": \"run\", \"arguments\": {\"command\": \"ls -l\"}}}",
            "é ß € ☃ and a 😀 pair",
            "");

    @Test
    void everyKindOfRecordIsTheLineItsTreeGivesAndReadsBackAsItWas() throws Exception {
        for (String text : TEXTS) {
            List<JournalRecord> records = TestRecords.everyKind(text);
            for (JournalRecord record : records) {
                String line = RecordCodec.line(record);
                assertEquals(TREES.writeValueAsString(TREES.readTree(line)), line, "the tree's line of " + record);
                assertEquals(record, RecordCodec.parse(line, record.number()), "read back from " + line);
            }
        }
    }

    @Test
    void aStepsRefusedStatusIsWrittenOnlyWhenThereIsOneAndReadsBackAsItWas() throws Exception {
        JournalRecord.Step plain = TestRecords.step(3, "text", Optional.empty(), Optional.of("ERROR"));
        JournalRecord.Step refused = new JournalRecord.Step(
                plain.number(),
                plain.round(),
                plain.step(),
                plain.sessionStep(),
                plain.agent(),
                plain.state(),
                plain.moved(),
                Optional.of("ILLEGAL_TRANSITION"),
                Optional.of("FAIL"),
                plain.timedOut(),
                plain.calls(),
                plain.context(),
                plain.blackboard(),
                plain.nanos());

        String line = RecordCodec.line(refused);

        assertTrue(line.contains("\"ended\":\"ILLEGAL_TRANSITION\",\"refused\":\"FAIL\","), line);
        assertEquals(refused, RecordCodec.parse(line, 3), "read back from " + line);
        assertFalse(RecordCodec.line(plain).contains("refused"), "a journal without refusals is as before");
    }

    @Test
    void aValuesUtf8IsItsTextsSoActionIdsKeepTheirDigests() {
        for (String text : TEXTS) {
            JsonNode action = TestRecords.call(text).get("action");
            assertArrayEquals(action.toString().getBytes(StandardCharsets.UTF_8), RecordCodec.utf8(action), text);
        }
    }

    @Test
    void aLoneSurrogateIsWrittenAsItsEscapeAndReadsBackAsItWas() throws Exception {
        for (String text : List.of("lone \ud800 high", "lone \ude00 low", "end \ud83d")) {
            String line = RecordCodec.line(new JournalRecord.Requests(2, List.of(text)));
            assertEquals(
                    List.of(text),
                    ((JournalRecord.Requests) RecordCodec.parse(line, 2)).requests(),
                    "read back from " + line);
        }
    }
}
