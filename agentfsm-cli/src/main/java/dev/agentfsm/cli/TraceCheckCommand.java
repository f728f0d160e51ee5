package dev.agentfsm.cli;

import dev.agentfsm.trace.OtlpSpanCheck;
import dev.agentfsm.trace.TraceCheck;
import dev.agentfsm.trace.TraceReport;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code trace check}: every move of the traces (or, with {@code --otlp}, of the spans fsm-opentelemetry
 * exported) against the machines on the class path; exit 1 when one is illegal.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = {
            "Checks every transition of JSON-lines traces against the machines on the class path:"
                    + " illegal moves, unknown machines and statuses, and unreadable lines, with file:line;"
                    + " outcome counts; the declared transitions the runs never took.",
            "With --otlp, checks the step spans of OTLP JSON files instead (one export request a line, as the"
                    + " OpenTelemetry collector's file exporter writes them): each span's move, named by its id.",
            "Exits 1 when a move is illegal or names an unknown machine or status (with --otlp, also when a"
                    + " line is not an export request), 2 on a bad command line, 0 otherwise."
        },
        footer = {
            "",
            "Example:",
            "  agentfsm-cli trace check trace.jsonl",
            "  agentfsm-cli trace check --format json runs/*.jsonl",
            "  agentfsm-cli trace check --otlp spans.json"
        })
final class TraceCheckCommand implements Callable<Integer> {

    @Mixin
    TraceReportOptions options;

    @Option(
            names = "--otlp",
            description = "The files hold OTLP JSON spans (fsm-opentelemetry's) rather than JSON-lines traces.")
    boolean otlp;

    @Override
    public Integer call() throws IOException {
        TraceCheck check = TraceCheck.onClassPath(AgentFsmCli.classPath());
        if (otlp) {
            OtlpSpanCheck.Result result = new OtlpSpanCheck(check).check(options.files());
            options.print(result::table, result::json);
            return result.passed() ? 0 : AgentFsmCli.FAILED;
        }
        TraceReport report = check.check(options.files());
        options.print(report::table, report::json);
        return report.passed() ? 0 : AgentFsmCli.FAILED;
    }
}
