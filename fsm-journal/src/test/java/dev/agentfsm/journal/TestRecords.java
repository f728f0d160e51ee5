package dev.agentfsm.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.annotations.Trigger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Records of every kind, with a text of the test's choice in each of their text fields. */
final class TestRecords {
    private static final JsonNodeFactory TREES = JsonNodeFactory.instance;

    private TestRecords() {}

    /**
     * A journal's records numbered from 1, one of each kind and both forms of those with an optional part: a
     * header, the requests, a step that moved and one that ended the round, a round's end with a result and
     * one without, a wait and its answer, and last a step that ended the round because the status it asked for
     * was refused (its optional {@code refused}; last, so that the records before it keep their bytes).
     */
    static List<JournalRecord> everyKind(String text) {
        return List.of(
                new JournalRecord.Header(
                        1,
                        JournalFile.FORMAT,
                        text,
                        "M",
                        "sha256:00",
                        List.of("M", text),
                        50,
                        2,
                        Instant.parse("2026-11-29T09:30:00.123456Z")),
                new JournalRecord.Requests(2, List.of(text, "second")),
                step(3, text, Optional.of(new JournalRecord.Moved("M.NEXT", Trigger.LLM)), Optional.empty()),
                step(4, text, Optional.empty(), Optional.of("COMPLETED")),
                new JournalRecord.RoundEnd(5, 1, "COMPLETED", text, List.of("M.A", "M.B"), Optional.of(text)),
                new JournalRecord.RoundEnd(6, 2, "FAILED", text, List.of(), Optional.empty()),
                new JournalRecord.Waiting(7, 3, 1, 9, "M", "M.ASK", List.of(call(text)), "ANSWER", text),
                new JournalRecord.Answered(8, call(text)),
                step(9, text, Optional.empty(), Optional.of("ILLEGAL_TRANSITION"), Optional.of(text)));
    }

    /** A step of round 1: its calls, the context's changes and the blackboard's, holding {@code text}. */
    static JournalRecord.Step step(
            int number, String text, Optional<JournalRecord.Moved> moved, Optional<String> ended) {
        return step(number, text, moved, ended, Optional.empty());
    }

    /** A step of round 1 as {@link #step(int, String, Optional, Optional)}, with the status it was refused. */
    static JournalRecord.Step step(
            int number,
            String text,
            Optional<JournalRecord.Moved> moved,
            Optional<String> ended,
            Optional<String> refused) {
        ObjectNode context = TREES.objectNode();
        context.putObject("set")
                .put("count", 3)
                .put("note", text)
                .put("ratio", 0.25)
                .putNull("gone");
        context.putArray("removed").add("old");
        ObjectNode blackboard = TREES.objectNode();
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
                refused,
                number % 2 == 0,
                List.of(call(text), TREES.objectNode().put("kind", "llm").put("reply", text)),
                context,
                blackboard,
                1_234_567_890_123L);
    }

    /** An action's call, as a step records it: its id, the action and its result. */
    static JsonNode call(String text) {
        ObjectNode call = TREES.objectNode().put("kind", "action").put("id", "s/1/1/0123456789abcdef");
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
