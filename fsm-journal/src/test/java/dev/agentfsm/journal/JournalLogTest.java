package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A line's size in a file, counted without encoding it: the same as encoding it, whatever it holds. */
class JournalLogTest {
    @Test
    void aLinesBytesAreCountedAsUtf8EncodesThem() {
        for (String line : List.of(
                "",
                "ascii {\"n\":1}",
                "é and ß",
                "€ and ☃",
                "a 😀 pair",
                "lone \ud800 high",
                "lone \udc00 low",
                "end \ud83d")) {
            assertEquals(line.getBytes(StandardCharsets.UTF_8).length + 1L, JournalLog.lineBytes(line), line);
        }
    }
}
