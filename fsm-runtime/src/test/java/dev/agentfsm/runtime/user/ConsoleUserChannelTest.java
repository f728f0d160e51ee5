package dev.agentfsm.runtime.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConsoleUserChannelTest {
    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final Duration SHORT = Duration.ofMillis(100);

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, Charset.defaultCharset());

    private ConsoleUserChannel typing(String input) {
        return new ConsoleUserChannel(new ByteArrayInputStream(input.getBytes(Charset.defaultCharset())), out);
    }

    private String printed() {
        return printed.toString(Charset.defaultCharset());
    }

    @Test
    void asksAndReadsALine() {
        ConsoleUserChannel console = typing("the blue one\nsecond line\n");

        assertEquals(new Answer.Given("the blue one"), console.ask("Which button?", WAIT));
        assertEquals(new Answer.Given("second line"), console.ask("And then?", WAIT));
        assertEquals(String.format("Which button?%n> And then?%n> "), printed());
    }

    @Test
    void aSilentUserTimesOut() throws IOException {
        try (PipedOutputStream keyboard = new PipedOutputStream();
                PipedInputStream in = new PipedInputStream(keyboard)) {
            ConsoleUserChannel console = new ConsoleUserChannel(in, out);
            long start = System.nanoTime();

            Answer answer = console.ask("Anyone there?", SHORT);

            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            Answer.TimedOut timedOut = assertInstanceOf(Answer.TimedOut.class, answer);
            assertTrue(timedOut.after().compareTo(SHORT) >= 0, timedOut.toString());
            assertTrue(waited.compareTo(Duration.ofSeconds(2)) < 0, "waited " + waited);
            assertTrue(printed().contains("(no answer in time)"), printed());
            assertEquals(Decision.TIMED_OUT, console.confirm("reboot", SHORT));
        }
    }

    @Test
    void aLineTypedAfterTheTimeOutDoesNotAnswerTheNextQuestion() throws Exception {
        try (PipedOutputStream keyboard = new PipedOutputStream();
                PipedInputStream in = new PipedInputStream(keyboard)) {
            ConsoleUserChannel console = new ConsoleUserChannel(in, out);
            assertInstanceOf(Answer.TimedOut.class, console.ask("Save the file?", SHORT));

            keyboard.write("yes\n".getBytes(Charset.defaultCharset()));
            keyboard.flush();
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!console.hasLateLine() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(console.hasLateLine(), "the late line never arrived");
            keyboard.write("report.txt\n".getBytes(Charset.defaultCharset()));
            keyboard.flush();

            assertEquals(new Answer.Given("report.txt"), console.ask("Which file?", WAIT));
        }
    }

    @Test
    void aClosedInputAnswersNothingAtOnce() {
        ConsoleUserChannel console = typing("");

        assertInstanceOf(Answer.TimedOut.class, console.ask("Anyone there?", WAIT));
        assertEquals(Decision.TIMED_OUT, console.confirm("reboot", WAIT));
        assertTrue(printed().contains("(no answer: the input is closed)"), printed());
    }

    @Test
    void confirmAcceptsYesAndNoInAnyCase() {
        ConsoleUserChannel console = typing("y\nYES\n n \nNo\n");

        assertEquals(Decision.APPROVED, console.confirm("a", WAIT));
        assertEquals(Decision.APPROVED, console.confirm("b", WAIT));
        assertEquals(Decision.REJECTED, console.confirm("c", WAIT));
        assertEquals(Decision.REJECTED, console.confirm("d", WAIT));
        assertTrue(printed().startsWith(String.format("The agent wants to run: a%nAllow it? [y/n] ")), printed());
    }

    @Test
    void confirmAsksOnceMoreOnAnUnclearAnswer() {
        ConsoleUserChannel console = typing("maybe\nyes\n");

        assertEquals(Decision.APPROVED, console.confirm("delete report.docx", WAIT));
        assertEquals(String.format("The agent wants to run: delete report.docx%nAllow it? [y/n] "
                + "Please answer y or n, not \"maybe\".%nAllow it? [y/n] "), printed());
    }

    @Test
    void confirmRejectsAfterTwoUnclearAnswers() {
        ConsoleUserChannel console = typing("maybe\nsure\nyes\n");

        assertEquals(Decision.REJECTED, console.confirm("delete report.docx", WAIT));
        assertTrue(printed().endsWith(String.format("No clear answer: the action is rejected.%n")), printed());
        assertEquals(new Answer.Given("yes"), console.ask("next?", WAIT));
    }
}
