package dev.agentfsm.cli;

import dev.agentfsm.runtime.StateManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code trace view}: one static HTML page of a trace, to step through its rounds on the machines' diagrams. */
@Command(
        name = "view",
        mixinStandardHelpOptions = true,
        description = {
            "Writes one static HTML page of a trace: the diagrams of its machines with the round's path"
                    + " highlighted, and the steps to go through with buttons or the arrow keys.",
            "Everything is in the page: it needs no server and no network."
        },
        footer = {"", "Example:", "  agentfsm-cli trace view trace.jsonl --out report/   # writes report/trace.html"})
final class TraceViewCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The trace.")
    Path file;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            required = true,
            description =
                    "Where to write the page (created if missing); it is named after the trace: FILE's name with .html.")
    Path out;

    @Option(names = "--session", paramLabel = "ID", description = "Show only the rounds of this session.")
    Optional<String> session = Optional.empty();

    @Override
    public Integer call() throws IOException {
        TraceCommand.requireReadable(spec, List.of(file));
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new ParameterException(spec.commandLine(), "--out '" + out + "' is a file, not a directory");
        }
        Console console = AgentFsmCli.console(spec);
        List<StateManager<?, ?>> machines = StateManager.discover(AgentFsmCli.classPath());
        TracePage.Written written = TracePage.write(file, out, session, machines);
        if (written.rounds() == 0) {
            console.err()
                    .println("agentfsm-cli trace view: no rounds in " + Console.shown(file)
                            + session.map(id -> " for the session given with --session")
                                    .orElse("") + "; the page is empty");
            console.err().flush();
        }
        if (written.cut()) {
            console.err()
                    .println("agentfsm-cli trace view: the page shows the first " + written.steps() + " of "
                            + written.stepsInTrace() + " transitions; pick one session with --session");
            console.err().flush();
        }
        console.println("wrote " + Console.shown(written.page()) + ": " + written.rounds()
                + (written.rounds() == 1 ? " round, " : " rounds, ")
                + written.steps() + (written.steps() == 1 ? " transition" : " transitions")
                + (written.machines().isEmpty() ? "" : " (" + String.join(", ", written.machines()) + ")"));
        return 0;
    }
}
