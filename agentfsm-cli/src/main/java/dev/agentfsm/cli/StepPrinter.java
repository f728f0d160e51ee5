package dev.agentfsm.cli;

import dev.agentfsm.agents.linux.LinuxAgentStatus;
import dev.agentfsm.agents.linux.LinuxStep;
import dev.agentfsm.agents.linux.StepListener;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.internal.SafeText;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Prints each LinuxAgent step as it finishes: the state and the status the LLM chose, the command,
 * its exit code and time, and the first lines of what it printed. While the model thinks or a
 * command runs, a terminal shows a spinner. Everything that came from the model or the command goes
 * through {@link SafeText}: control characters are shown as escapes, long lines are cut.
 */
final class StepPrinter implements StepListener, AutoCloseable {
    /** How many lines of a command's output are shown. */
    static final int OUTPUT_LINES = 4;

    private static final int WIDTH = 100;
    /** How much of a command line is shown. */
    private static final int COMMAND_CHARS = 2 * WIDTH;

    private static final String INDENT = "        ";

    private final Console console;
    private final BooleanSupplier replaying;
    private Progress progress = Progress.NONE;

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
