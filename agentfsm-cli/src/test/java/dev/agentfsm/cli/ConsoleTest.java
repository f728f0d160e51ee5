package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ConsoleTest {
    private final StringWriter written = new StringWriter();

    private Console console(boolean terminal) {
        return new Console(new PrintWriter(written), new PrintWriter(new StringWriter()), terminal);
    }

    @Test
    void colourOnlyOnATerminal() {
        assertEquals("FINISH", console(false).green("FINISH"));
        assertEquals("\u001B[32mFINISH\u001B[0m", console(true).green("FINISH"));
        assertEquals("\u001B[1mstep 1\u001B[0m", console(true).bold("step 1"));
    }

    @Test
    void progressIsSilentOffATerminalAndErasesItselfOnOne() {
        assertSame(Progress.NONE, console(false).progress("step 1: asking the model"));
        try (Progress progress = console(true).progress("step 1: asking the model")) {
            assertTrue(progress != Progress.NONE);
        }
        assertTrue(written.toString().endsWith("\r\u001B[K"), written.toString());
    }
}
