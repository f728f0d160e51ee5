package dev.agentfsm.agents.kit;

import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@link UserChannel} on a terminal: prints the question, reads a line, and gives up after the time-out.
 *
 * <p>Lines are read on a daemon thread of the channel's own, because a read from {@code System.in}
 * cannot be interrupted: a user who never answers costs the round its time-out, never a hang, and never
 * keeps the JVM from exiting. A line typed after a question timed out is dropped rather than taken as
 * the answer to the next question. When the input is closed, every question times out at once.
 * A confirmation accepts {@code y}, {@code yes}, {@code n} or {@code no} in any case, asks once more on
 * anything else, and then rejects. Only an answer given after its prompt counts: input typed, pasted or
 * piped before a confirmation prompt appears is discarded (and the user told so), so a stray {@code y}
 * can never approve an action nobody saw. To run dangerous actions without asking, turn
 * {@code safeGuard} off or use {@link UserChannel#alwaysApprove()}.
 *
 * <p>Questions and actions come from the model: they are printed through fsm-runtime's {@code SafeText.lines}, so
 * control and bidi characters are shown as escapes rather than acted on by the terminal. A huge question
 * is cut (at {@value #SHOWN_LINES} lines of {@value #SHOWN_CHARS} characters) with a visible marker; an action
 * to approve is never cut but wrapped, and one too long to show in full is rejected without asking.
 */
public final class ConsoleUserChannel implements UserChannel {
    /** The most lines of a question or an action shown. */
    static final int SHOWN_LINES = 40;
    /** The most characters of one line of a question or an action shown. */
    static final int SHOWN_CHARS = 500;

    private final BufferedReader in;
    private final PrintStream out;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "agentfsm-console-reader");
        thread.setDaemon(true);
        return thread;
    });
    /** A read started for an earlier question that has not returned yet; the next question waits on it. */
    private Future<String> pendingRead;

    /** A channel on {@code in} and {@code out} (normally {@code System.in} and {@code System.out}). */
    public ConsoleUserChannel(InputStream in, PrintStream out) {
        this.in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(in, "in"), Charset.defaultCharset()));
        this.out = Objects.requireNonNull(out, "out");
    }

    @Override
    public synchronized Answer ask(String question, Duration timeout) {
        Objects.requireNonNull(question, "question");
        long start = System.nanoTime();
        dropLateLine();
        printLines("", question);
        out.print("> ");
        out.flush();
        Optional<String> line = readLine(start + nanos(timeout));
        if (line.isPresent()) {
            return new Answer.Given(line.get());
        }
        return new Answer.TimedOut(Duration.ofNanos(System.nanoTime() - start));
    }

    @Override
    public synchronized Decision confirm(String action, Duration timeout) {
        Objects.requireNonNull(action, "action");
        long deadline = System.nanoTime() + nanos(timeout);
        dropLateLine();
        Optional<List<String>> shown = SafeText.wrapped(action, SHOWN_LINES, SHOWN_CHARS);
        if (shown.isEmpty()) {
            out.println("The agent wants to run an action of " + action.length() + " characters, more than the "
                    + SHOWN_LINES + " lines of " + SHOWN_CHARS + " characters shown here: it is rejected without"
                    + " asking, since only what is shown can be approved.");
            return Decision.REJECTED;
        }
        String start = "The agent wants to run: ";
        for (String line : shown.get()) {
            out.println(start + line);
            start = "";
        }
        for (int attempt = 0; attempt < 2; attempt++) {
            int discarded = discardTypedAhead();
            if (discarded > 0) {
                out.println(
                        "(ignored " + discarded + " line(s) typed before this question: only an answer to it counts)");
            }
            out.print("Allow it? [y/n] ");
            out.flush();
            Optional<String> line = readLine(deadline);
            if (line.isEmpty()) {
                return Decision.TIMED_OUT;
            }
            switch (line.get().strip().toLowerCase(Locale.ROOT)) {
                case "y", "yes" -> {
                    return Decision.APPROVED;
                }
                case "n", "no" -> {
                    return Decision.REJECTED;
                }
                default ->
                    out.println("Please answer y or n, not \""
                            + SafeText.line(line.get().strip(), SHOWN_CHARS) + "\".");
            }
        }
        out.println("No clear answer: the action is rejected.");
        return Decision.REJECTED;
    }

    /** {@code text} made safe for the terminal, its first line after {@code prefix}. */
    private void printLines(String prefix, String text) {
        String start = prefix;
        for (String line : SafeText.lines(text, SHOWN_LINES, SHOWN_CHARS)) {
            out.println(start + line);
            start = "";
        }
    }

    /**
     * {@code timeout} in nanoseconds, at most {@code Long.MAX_VALUE} (292 years): a longer one (such
     * as {@code ChronoUnit.FOREVER}) means no limit rather than an overflow. Deadlines are compared by
     * difference, as {@link System#nanoTime()} requires, so {@code now + nanos} may wrap.
     */
    private static long nanos(Duration timeout) {
        return timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : timeout.toNanos();
    }

    /** Drops a line that arrived after the question it was meant for had timed out. */
    private void dropLateLine() {
        if (hasLateLine()) {
            pendingRead = null;
        }
    }

    /**
     * Discards what was typed before the prompt, so it cannot answer it: a line a finished read already
     * holds, and whatever the reader has buffered or the stream can give without blocking. Reads single
     * characters, never a whole line, so a half-typed line cannot block the caller.
     *
     * @return how many lines (a trailing partial one included) were discarded
     */
    private int discardTypedAhead() {
        int lines = 0;
        if (pendingRead != null) {
            if (!pendingRead.isDone()) {
                return 0; // the reader is waiting for input: nothing is buffered
            }
            pendingRead = null;
            lines++;
        }
        try {
            boolean partial = false;
            while (in.ready()) {
                int c = in.read();
                if (c < 0) {
                    break;
                }
                if (c == '\n') {
                    lines++;
                    partial = false;
                } else if (c != '\r') {
                    partial = true;
                }
            }
            return partial ? lines + 1 : lines;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the user's answer: " + e.getMessage(), e);
        }
    }

    /** Whether a line arrived after its question timed out (and will be dropped); for tests. */
    synchronized boolean hasLateLine() {
        return pendingRead != null && pendingRead.isDone();
    }

    /** The next line, or empty when the deadline passed or the input is closed. */
    private Optional<String> readLine(long deadlineNanos) {
        if (pendingRead == null) {
            pendingRead = reader.submit(in::readLine);
        }
        try {
            String line = pendingRead.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            pendingRead = null;
            if (line == null) {
                out.println("(no answer: the input is closed)");
            }
            return Optional.ofNullable(line);
        } catch (TimeoutException e) {
            out.println();
            out.println("(no answer in time)");
            return Optional.empty();
        } catch (InterruptedException e) {
            // the round is being cancelled: give up waiting and let it see the interrupt
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException e) {
            pendingRead = null;
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw new UncheckedIOException("Cannot read the user's answer: " + io.getMessage(), io);
            }
            throw new IllegalStateException("Cannot read the user's answer", cause);
        }
    }
}
