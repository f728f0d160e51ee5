package dev.agentfsm.agents.linux.cli;

import dev.agentfsm.runtime.trace.TraceCheck;
import dev.agentfsm.runtime.trace.TraceReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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
        TraceReport report = TraceCheck.onClassPath(AgentsLinux.classPath()).check(files);
        TraceCommand.print(
                AgentsLinux.console(spec), format == TraceCommand.Format.JSON ? report.json() : report.table());
        return report.passed() ? 0 : AgentsLinux.FAILED;
    }
}
