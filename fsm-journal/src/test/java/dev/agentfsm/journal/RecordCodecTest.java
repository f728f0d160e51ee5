package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.annotations.Trigger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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
            List<JournalRecord> records = List.of(
                    new JournalRecord.Header(
                            1, JournalFile.FORMAT, text, "M", "sha256:00", List.of("M", text), 50, 2, Instant.EPOCH),
                    new JournalRecord.Requests(2, List.of(text, "second")),
                    step(3, text, Optional.of(new JournalRecord.Moved("M.NEXT", Trigger.LLM)), Optional.empty()),
                    step(4, text, Optional.empty(), Optional.of("COMPLETED")),
                    new JournalRecord.RoundEnd(5, 1, "COMPLETED", text, List.of("M.A", "M.B"), Optional.of(text)),
                    new JournalRecord.RoundEnd(6, 2, "FAILED", text, List.of(), Optional.empty()),
                    new JournalRecord.Waiting(7, 3, 1, 9, "M", "M.ASK", List.of(call(text)), "ANSWER", text),
                    new JournalRecord.Answered(8, call(text)));
            for (JournalRecord record : records) {
                String line = RecordCodec.line(record);
                assertEquals(TREES.writeValueAsString(TREES.readTree(line)), line, "the tree's line of " + record);
                assertEquals(record, RecordCodec.parse(line, record.number()), "read back from " + line);
            }
        }
    }

    @Test
    void aValuesUtf8IsItsTextsSoActionIdsKeepTheirDigests() {
        for (String text : TEXTS) {
            JsonNode action = call(text).get("action");
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

    private static JournalRecord.Step step(
            int number, String text, Optional<JournalRecord.Moved> moved, Optional<String> ended) {
        ObjectNode context = TREES.createObjectNode();
        context.putObject("set")
                .put("count", 3)
                .put("note", text)
                .put("ratio", 0.25)
                .putNull("gone");
        context.putArray("removed").add("old");
        ObjectNode blackboard = TREES.createObjectNode();
        blackboard
                .putArray("trajectories")
                .addObject()
                .put("step", 3)
                .put("action", text)
                .put("success", true);
        return new JournalRecord.Step(
                number,
                1,
                2,
                7,
                "M",
                "M.WORK",
                moved,
                ended,
                number % 2 == 0,
                List.of(call(text), TREES.createObjectNode().put("kind", "llm").put("reply", text)),
                context,
                blackboard,
                1_234_567_890_123L);
    }

    private static JsonNode call(String text) {
        ObjectNode call = TREES.createObjectNode().put("kind", "action").put("id", "s/1/1/0123456789abcdef");
        call.putObject("action").put("function", "run").putObject("arguments").put("command", text);
        call.putObject("result")
                .put("success", false)
                .put("output", text)
                .putArray("lines")
                .add(1)
                .add(text);
        return call;
    }
}
