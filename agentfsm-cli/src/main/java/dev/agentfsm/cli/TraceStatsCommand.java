package dev.agentfsm.cli;

import dev.agentfsm.trace.TraceStats;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code trace stats}: steps per round, outcomes and time per state. */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        description =
                "Sums up JSON-lines traces: steps per round, how the rounds ended, and the time spent in each state.",
        footer = {"", "Example:", "  agentfsm-cli trace stats trace.jsonl"})
final class TraceStatsCommand implements Callable<Integer> {

    @Mixin
    TraceReportOptions options;

    @Override
    public Integer call() throws IOException {
        TraceStats stats = TraceStats.of(options.files());
        options.print(stats::table, stats::json);
        return 0;
    }
}
