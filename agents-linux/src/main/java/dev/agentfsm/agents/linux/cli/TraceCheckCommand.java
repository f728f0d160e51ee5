package dev.agentfsm.agents.linux.cli;

import dev.agentfsm.runtime.trace.TraceCheck;
import dev.agentfsm.runtime.trace.TraceReport;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code trace check}: every move of the traces against the machines on the class path; exit 1 when one is illegal. */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = {
            "Checks every transition of JSON-lines traces against the machines on the class path:"
                    + " illegal moves, unknown machines and statuses, and unreadable lines, with file:line;"
                    + " outcome counts; the declared transitions the runs never took.",
            "Exits 1 when a move is illegal or names an unknown machine or status, 0 otherwise."
        },
        footer = {
            "",
            "Example:",
            "  agents-linux trace check trace.jsonl",
            "  agents-linux trace check --format json runs/*.jsonl"
        })
final class TraceCheckCommand implements Callable<Integer> {

    @Mixin
    TraceReportOptions options;

    @Override
    public Integer call() throws IOException {
        TraceReport report = TraceCheck.onClassPath(AgentsLinux.classPath()).check(options.files());
        options.print(report::table, report::json);
        return report.passed() ? 0 : AgentsLinux.FAILED;
    }
}
