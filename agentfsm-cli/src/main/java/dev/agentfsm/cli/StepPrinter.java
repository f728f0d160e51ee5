package dev.agentfsm.cli;

import dev.agentfsm.agents.linux.LinuxAgentStatus;
import dev.agentfsm.agents.linux.LinuxStep;
import dev.agentfsm.agents.linux.StepListener;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Prints each LinuxAgent step as it finishes: the state and the status the LLM chose, the command,
 * its exit code and time, and the first lines of what it printed. While the model thinks or a
 * command runs, a terminal shows a spinner; a model client made {@link #live} shows the model's text
 * instead as it arrives, each of its lines after {@code "        > "}, up to {@value #LIVE_CHARS}
 * characters a call. Everything that came from the model or the command goes through {@link SafeText}:
 * control characters are shown as escapes, long lines are cut.
 */
final class StepPrinter implements StepListener, LlmClient.TextListener, AutoCloseable {
    /** The most characters of one model call's text shown live. */
    static final int LIVE_CHARS = 4_000;

    /** What starts each line of the model's text shown live. */
    static final String LIVE_PREFIX = "        > ";

    /** How many lines of a command's output are shown. */
    static final int OUTPUT_LINES = 4;

    private static final int WIDTH = 100;
    /** How much of a command line is shown. */
    private static final int COMMAND_CHARS = 2 * WIDTH;

    private static final String INDENT = "        ";

    private final Console console;
    private final BooleanSupplier replaying;
    private Progress progress = Progress.NONE;
    /** Characters of the current call's text shown live, escaped; -1 when no call streams. */
    private int shown = -1;
    /** Whether the current call's text has been cut at {@link #LIVE_CHARS}. */
    private boolean cut;
    /** Whether the next piece of text starts a line, to be prefixed. */
    private boolean atLineStart;
    /** Whether the last piece ended with {@code \r}, held back (a lone one at the reply's end is not shown). */
    private boolean carriageReturn;

    StepPrinter(Console console) {
        this(console, () -> false);
    }

    /** @param replaying whether the step now ending is replayed from a journal: it is marked so */
    StepPrinter(Console console, BooleanSupplier replaying) {
        this.console = console;
        this.replaying = replaying;
    }

    @Override
    public void asking(int step) {
        progress.close();
        progress = console.progress("step " + step + ": asking the model");
    }

    /**
     * {@code llm}, each of its calls streaming the model's text to this printer, which shows it live; the
     * reply it returns is the whole reply, as without streaming.
     */
    LlmClient live(LlmClient llm) {
        return new LlmClient() {
            @Override
            public LlmReply complete(LlmRequest request) throws LlmException {
                shown = 0;
                cut = false;
                atLineStart = true;
                carriageReturn = false;
                try {
                    return llm.complete(request, StepPrinter.this);
                } finally {
                    endLiveText();
                }
            }

            @Override
            public String toString() {
                return llm.toString();
            }
        };
    }

    /**
     * A piece of the model's text as it arrives: escaped as {@link SafeText#line} escapes it, each of its
     * newlines starting a new line after {@link #LIVE_PREFIX}; cut once the call showed {@link #LIVE_CHARS}.
     */
    @Override
    public void onText(String piece) {
        if (shown < 0 || cut) {
            return;
        }
        progress.close(); // the text shows that the model is at work
        progress = Progress.NONE;
        if (carriageReturn) {
            piece = "\r" + piece;
            carriageReturn = false;
        }
        if (piece.endsWith("\r")) {
            // perhaps the first half of a \r\n split between two pieces: decided by the next one
            carriageReturn = true;
            piece = piece.substring(0, piece.length() - 1);
        }
        StringBuilder text = new StringBuilder();
        for (int start = 0; start <= piece.length() && !cut; ) {
            int newline = piece.indexOf('\n', start);
            int end = newline < 0 ? piece.length() : newline;
            if (newline > start && piece.charAt(newline - 1) == '\r') {
                end--; // \r\n is one line end
            }
            if (atLineStart && (end > start || newline >= 0)) {
                text.append(console.faint(LIVE_PREFIX));
                atLineStart = false;
            }
            String line = SafeText.line(piece.substring(start, end), Integer.MAX_VALUE);
            if (shown + line.length() > LIVE_CHARS) {
                int keep = LIVE_CHARS - shown;
                keep -= keep > 0 && Character.isHighSurrogate(line.charAt(keep - 1)) ? 1 : 0;
                line = line.substring(0, keep) + console.faint(" ... (the rest of this reply is not shown live)");
                cut = true;
            }
            shown += line.length();
            text.append(line);
            if (newline < 0 || cut) {
                break;
            }
            text.append('\n');
            atLineStart = true;
            start = newline + 1;
        }
        console.print(text.toString());
    }

    private void endLiveText() {
        if (shown >= 0 && !atLineStart) {
            console.println("");
        }
        shown = -1;
    }

    @Override
    public void running(int step, Action action) {
        progress.close();
        progress = console.progress("step " + step + ": running " + SafeText.line(action.function(), WIDTH / 2));
    }

    @Override
    public void stepDone(LinuxStep step) {
        progress.close();
        progress = Progress.NONE;
        String command = step.command().isEmpty()
                ? console.faint("(no command)")
                : "$ " + SafeText.line(step.command(), COMMAND_CHARS);
        console.println(console.bold("step " + step.number()) + "  " + LinuxAgentStatus.CONTINUE.name() + " -> "
                + colourStatus(step.status()) + "  " + command + "  " + console.faint("[" + outcome(step) + "]")
                + (replaying.getAsBoolean() ? console.faint("  (replayed from the journal)") : ""));
        if (!step.thought().isBlank()) {
            console.println(INDENT
                    + console.faint("thought: " + SafeText.line(step.thought().strip(), WIDTH)));
        }
        step.result().ifPresent(result -> firstLines(result).forEach(line -> console.println(INDENT + line)));
    }

    /** Stops a spinner left running by a step that never finished (the round ended in it). */
    @Override
    public void close() {
        progress.close();
        progress = Progress.NONE;
    }

    private String colourStatus(Status status) {
        return status == LinuxAgentStatus.FINISH
                ? console.green(status.name())
                : status == LinuxAgentStatus.FAIL ? console.red(status.name()) : status.name();
    }

    private String outcome(LinuxStep step) {
        String time = step.elapsed().toMillis() + " ms";
        if (step.result().isEmpty()) {
            return time;
        }
        ActionResult result = step.result().get();
        if (Boolean.TRUE.equals(result.data().get("refused"))) {
            return console.yellow("refused") + ", " + time;
        }
        if (Boolean.TRUE.equals(result.data().get("timed_out"))) {
            return console.red("timed out") + ", " + time;
        }
        Object exit = result.data().get("exit_code");
        if (exit != null) {
            String code = "exit " + exit;
            return (result.success() ? code : console.red(code)) + ", " + time;
        }
        return (result.success() ? "ok" : console.red("failed")) + ", " + time;
    }

    /** The first lines of the output (stdout, else stderr, else the reason), and how many were left out. */
    private List<String> firstLines(ActionResult result) {
        String text = text(result, "stdout");
        if (text.isBlank()) {
            text = text(result, "stderr");
        }
        if (text.isBlank() && !result.data().containsKey("exit_code")) {
            // a refusal or a bad call: the reason, with the allow-list on a line of its own
            text = result.reason().orElse(result.output()).replace("; allowed: ", "\nallowed: ");
        }
        if (text.isBlank()) {
            return List.of();
        }
        List<String> shown = new ArrayList<>(SafeText.lines(text.strip(), OUTPUT_LINES, WIDTH));
        if (shown.size() > OUTPUT_LINES) {
            shown.set(OUTPUT_LINES, console.faint(shown.get(OUTPUT_LINES))); // how many lines were left out
        }
        return shown;
    }

    private static String text(ActionResult result, String key) {
        return result.data().get(key) instanceof String s ? s : "";
    }
}
