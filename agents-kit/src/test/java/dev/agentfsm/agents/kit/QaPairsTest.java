package dev.agentfsm.agents.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Blackboard.QuestionAnswer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QaPairsTest {

    @Test
    void loadsTheLastPairsOfUfosJsonLinesAndMatchesQuestionsLoosely(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("global_memory.jsonl");
        Files.writeString(
                file,
                """
                {"question": "Which sheet?", "answer": "Sheet1"}

                {"question": "Which file name should I use?", "answer": "sales.xlsx"}
                {"question": "Overwrite the existing file?", "answer": "no"}
                {"question": "overwrite  the existing FILE? ", "answer": "yes"}
                """);

        QaPairs pairs = QaPairs.load(file, 3);

        assertEquals(
                List.of(
                        new QuestionAnswer("Which file name should I use?", "sales.xlsx"),
                        new QuestionAnswer("Overwrite the existing file?", "no"),
                        new QuestionAnswer("overwrite  the existing FILE? ", "yes")),
                pairs.pairs(),
                "the last three, blank lines skipped");
        assertEquals(Optional.of("sales.xlsx"), pairs.answer("  which file name   should I use?"));
        assertEquals(Optional.of("yes"), pairs.answer("Overwrite the existing file?"), "the later answer counts");
        assertEquals(Optional.empty(), pairs.answer("Which sheet?"), "older than the last three");
        assertEquals(Optional.empty(), QaPairs.none().answer("Which sheet?"));
    }

    @Test
    void aLineThatIsNotAQuestionAndItsAnswerNamesTheFileAndTheLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("qa.jsonl");
        Files.writeString(file, "{\"question\": \"Which sheet?\", \"answer\": \"Sheet1\"}\n{\"question\": 1}\n");

        IOException e = assertThrows(IOException.class, () -> QaPairs.load(file, 20));

        assertTrue(
                e.getMessage().startsWith("line 2 of the QA file " + file + " is {\"question\": 1}"), e.getMessage());
        Files.writeString(file, "not json\n");
        IOException notJson = assertThrows(IOException.class, () -> QaPairs.load(file, 20));
        assertTrue(
                notJson.getMessage().startsWith("line 1 of the QA file " + file + " is not JSON"),
                notJson.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QaPairs.load(file, -1));
    }
}
