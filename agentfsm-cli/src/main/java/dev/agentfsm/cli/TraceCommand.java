package dev.agentfsm.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code trace}: the JSON-lines traces that {@code run --trace} and {@code demo} write (and any
 * {@code JsonLinesTrace}), checked against the machines on the class path ({@code check}), summed up
 * ({@code stats}) or shown as a page ({@code view}).
 */
@Command(
        name = "trace",
        mixinStandardHelpOptions = true,
        description = "Checks, sums up or shows JSON-lines traces of agent-fsm rounds.",
        subcommands = {TraceCheckCommand.class, TraceStatsCommand.class, TraceViewCommand.class})
final class TraceCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "give a command: check, stats or view");
    }

    /**
     * Stops with a usage error naming the first of {@code files} that cannot be read as a trace.
     *
     * @throws ParameterException naming the file and what is wrong with it
     */
    static void requireReadable(CommandSpec spec, List<Path> files) {
        for (Path file : files) {
            String problem = !Files.exists(file)
                    ? "does not exist"
                    : Files.isDirectory(file)
                            ? "is a directory, not a trace file"
                            : !Files.isReadable(file) ? "cannot be read (permission denied)" : "";
            if (!problem.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "the trace file '" + file + "' " + problem);
            }
        }
    }

    /**
     * Prints a report the trace library rendered. The library escapes every character of the trace
     * that a terminal could act on (its {@code TraceText}), so this is the one place trace text reaches
     * the terminal; colour is added to the verdict line only.
     */
    static void print(Console console, String report) {
        StringBuilder out = new StringBuilder(report.length() + 16);
        for (String line : report.split("\n", -1)) {
            if (line.startsWith("PASSED: ")) {
                line = console.green("PASSED") + line.substring("PASSED".length());
            } else if (line.startsWith("FAILED: ")) {
                line = console.red("FAILED") + line.substring("FAILED".length());
            }
            out.append(line).append('\n');
        }
        out.setLength(out.length() - 1);
        console.out().print(out);
        console.out().flush();
    }

    /** How {@code check} and {@code stats} print: plain-text tables or one JSON object. */
    enum Format {
        TABLE,
        JSON;

        /** Reads and lists {@code --format}: a format's name in lower case (any case is read). */
        static final class Values extends LowerCaseOption<Format> {
            Values() {
                super(Format.class);
            }
        }
    }
}
