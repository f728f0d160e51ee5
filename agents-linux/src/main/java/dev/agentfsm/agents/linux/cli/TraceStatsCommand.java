package dev.agentfsm.agents.linux.cli;

import dev.agentfsm.runtime.trace.TraceStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code trace stats}: steps per round, outcomes and time per state. */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        description =
                "Sums up JSON-lines traces: steps per round, how the rounds ended, and the time spent in each state.",
        footer = {"", "Example:", "  agents-linux trace stats trace.jsonl"})
final class TraceStatsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "The traces, read one after the other.")
    List<Path> files;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "table",
            completionCandidates = TraceCommand.Format.Names.class,
            converter = TraceCommand.Format.Converter.class,
            description = "One of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    TraceCommand.Format format;

    @Override
    public Integer call() throws IOException {
        TraceCommand.requireReadable(spec, files);
        TraceStats stats = TraceStats.of(files);
        TraceCommand.print(
                AgentsLinux.console(spec), format == TraceCommand.Format.JSON ? stats.json() : stats.table());
        return 0;
    }
}
