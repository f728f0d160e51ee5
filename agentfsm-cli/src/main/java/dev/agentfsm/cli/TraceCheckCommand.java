package dev.agentfsm.cli;

import dev.agentfsm.trace.TraceCheck;
import dev.agentfsm.trace.TraceReport;
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
            "  agentfsm-cli trace check trace.jsonl",
            "  agentfsm-cli trace check --format json runs/*.jsonl"
        })
final class TraceCheckCommand implements Callable<Integer> {

    @Mixin
    TraceReportOptions options;

    @Override
    public Integer call() throws IOException {
        TraceReport report = TraceCheck.onClassPath(AgentFsmCli.classPath()).check(options.files());
        options.print(report::table, report::json);
        return report.passed() ? 0 : AgentFsmCli.FAILED;
    }
}
