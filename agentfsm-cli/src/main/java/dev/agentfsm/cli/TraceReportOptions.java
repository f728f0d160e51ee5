package dev.agentfsm.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * What {@code trace check} and {@code trace stats} share (a picocli mixin): the trace files, read one
 * after the other, and {@code --format}; and how the report they make is printed.
 */
final class TraceReportOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "The traces, read one after the other.")
    List<Path> files;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "table",
            completionCandidates = TraceCommand.Format.Values.class,
            converter = TraceCommand.Format.Values.class,
            description = "One of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    TraceCommand.Format format;

    /**
     * The trace files, each of them readable.
     *
     * @throws picocli.CommandLine.ParameterException naming the first file that cannot be read
     */
    List<Path> files() {
        TraceCommand.requireReadable(spec, files);
        return files;
    }

    /** Prints the report in the format asked for: its table, or its JSON. */
    void print(Supplier<String> table, Supplier<String> json) {
        TraceCommand.print(AgentFsmCli.console(spec), format == TraceCommand.Format.JSON ? json.get() : table.get());
    }
}
