package dev.agentfsm.agents.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
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
    /**
     * For answers that are already typed or piped: it bounds a hang only (no test waits it out), so it is a minute
     * rather than anything a reader thread on a loaded machine could come near.
     */
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** For questions nobody answers: the test waits it out. */
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
    void aQuestionOrActionFromTheModelCannotDriveTheTerminal() {
        ConsoleUserChannel console = typing("blue\nyes\n");

        console.ask("Which one?\u001B]52;c;cm0gLXJmIH4=\u0007\nred or \u202Eeulb", WAIT);
        console.confirm("rm -rf ~ \u001B[2K\u001B[1Gls", WAIT);

        String printed = printed();
        assertTrue(printed.chars().noneMatch(c -> c == 0x1B || c == 0x07 || c == 0x202E), printed);
        assertTrue(
                printed.startsWith(String.format("Which one?\\u001b]52;c;cm0gLXJmIH4=\\u0007%nred or \\u202eeulb%n> ")),
                printed);
        assertTrue(printed.contains("The agent wants to run: rm -rf ~ \\u001b[2K\\u001b[1Gls"), printed);
    }

    @Test
    void aHugeQuestionIsCut() {
        ConsoleUserChannel console = typing("ok\n");

        console.ask("q".repeat(3_000_000) + "\n" + "line\n".repeat(100), WAIT);

        assertTrue(printed().length() < 30_000, printed().length() + " characters printed");
        assertTrue(printed().contains("... (3000000 chars)"), printed().substring(0, 100));
        assertTrue(printed().contains("... (62 more lines)"), printed());
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
            // bounds a hang only: the keyboard never types, so without its time-out the wait would never end
            assertTrue(waited.compareTo(Duration.ofSeconds(30)) < 0, "waited " + waited);
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
    void confirmAcceptsYesAndNoInAnyCase() throws IOException {
        try (Keyboard keyboard = new Keyboard("y", "YES", " n ", "No")) {
            ConsoleUserChannel console = keyboard.console();

            assertEquals(Decision.APPROVED, console.confirm("a", WAIT));
            assertEquals(Decision.APPROVED, console.confirm("b", WAIT));
            assertEquals(Decision.REJECTED, console.confirm("c", WAIT));
            assertEquals(Decision.REJECTED, console.confirm("d", WAIT));
            assertTrue(printed().startsWith(String.format("The agent wants to run: a%nAllow it? [y/n] ")), printed());
        }
    }

    @Test
    void confirmAsksOnceMoreOnAnUnclearAnswer() throws IOException {
        try (Keyboard keyboard = new Keyboard("maybe", "yes")) {
            assertEquals(Decision.APPROVED, keyboard.console().confirm("delete report.docx", WAIT));
            assertEquals(
                    String.format("The agent wants to run: delete report.docx%nAllow it? [y/n] "
                            + "Please answer y or n, not \"maybe\".%nAllow it? [y/n] "),
                    printed());
        }
    }

    @Test
    void confirmRejectsAfterTwoUnclearAnswers() throws IOException {
        try (Keyboard keyboard = new Keyboard("maybe", "sure")) {
            assertEquals(Decision.REJECTED, keyboard.console().confirm("delete report.docx", WAIT));
            assertTrue(printed().endsWith(String.format("No clear answer: the action is rejected.%n")), printed());
        }
    }

    @Test
    void aConfirmationShowsAllOfTheActionItAsksAboutOrRejectsIt() throws IOException {
        // the model pads its command so that a cut would hide the part that does the harm
        String padded = "rm notes/old.txt" + " ".repeat(2 * ConsoleUserChannel.SHOWN_CHARS) + "/home/user/thesis";
        try (Keyboard keyboard = new Keyboard("y")) {
            assertEquals(Decision.APPROVED, keyboard.console().confirm(padded, WAIT));
            assertTrue(printed().contains("/home/user/thesis"), printed());
            assertFalse(printed().contains(" chars)"), printed());
            assertTrue(printed().lines().allMatch(line -> line.length() <= ConsoleUserChannel.SHOWN_CHARS + 30));
        }
        printed.reset();
        String unshowable = "rm " + "x".repeat(ConsoleUserChannel.SHOWN_LINES * ConsoleUserChannel.SHOWN_CHARS);
        try (Keyboard keyboard = new Keyboard("y")) {
            assertEquals(Decision.REJECTED, keyboard.console().confirm(unshowable, WAIT));
            assertEquals(
                    String.format("The agent wants to run an action of 20003 characters, more than the 40 lines of 500"
                            + " characters shown here: it is rejected without asking, since only what is shown can be"
                            + " approved.%n"),
                    printed());
        }
    }

    @Test
    void linesTypedBeforeTheConfirmationPromptNeverApproveIt() {
        // a user pastes two lines in answer to a question; the second must not approve what comes next
        ConsoleUserChannel console = typing("the blue one\ny\n");

        assertEquals(new Answer.Given("the blue one"), console.ask("Which button?", WAIT));
        assertEquals(Decision.TIMED_OUT, console.confirm("rm -rf build", SHORT));
        assertTrue(printed().contains("(ignored 1 line(s) typed before this question"), printed());
    }

    @Test
    void aPipedApprovalIsIgnored() {
        assertEquals(Decision.TIMED_OUT, typing("y\n").confirm("rm notes.txt", SHORT));
    }

    @Test
    void aTimeOutTooLongForNanosecondsMeansWaitingWithoutLimit() throws IOException {
        Duration forever = java.time.temporal.ChronoUnit.FOREVER.getDuration();
        assertEquals(new Answer.Given("blue"), typing("blue\n").ask("Which colour?", forever));
        try (Keyboard keyboard = new Keyboard("y")) {
            assertEquals(Decision.APPROVED, keyboard.console().confirm("rm notes.txt", forever));
        }
    }

    /**
     * A user at a terminal: types each scripted answer only once a confirmation prompt has been printed,
     * as a person would.
     */
    private final class Keyboard implements AutoCloseable {
        private final PipedOutputStream keys = new PipedOutputStream();
        private final PipedInputStream in;
        private final java.util.Deque<String> answers;

        Keyboard(String... answers) throws IOException {
            this.in = new PipedInputStream(keys);
            this.answers = new java.util.ArrayDeque<>(java.util.List.of(answers));
        }

        ConsoleUserChannel console() {
            java.io.OutputStream screen = new java.io.OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    printed.write(b);
                    if (printed().endsWith("[y/n] ") && !answers.isEmpty()) {
                        keys.write((answers.poll() + "\n").getBytes(Charset.defaultCharset()));
                        keys.flush();
                    }
                }
            };
            return new ConsoleUserChannel(in, new PrintStream(screen, true, Charset.defaultCharset()));
        }

        @Override
        public void close() throws IOException {
            keys.close();
            in.close();
        }
    }
}
