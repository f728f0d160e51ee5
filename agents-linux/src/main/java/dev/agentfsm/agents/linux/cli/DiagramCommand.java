package dev.agentfsm.agents.linux.cli;

import dev.agentfsm.runtime.StateManager;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code diagram}: prints one machine's diagram, as the processor wrote it into the build. */
@Command(name = "diagram", mixinStandardHelpOptions = true,
        description = "Prints a machine's state diagram from the class path (META-INF/agentfsm/<machine>.<ext>).")
final class DiagramCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MACHINE",
            description = "The machine: its name (LinuxAgent) or qualified name (dev.agentfsm.agents.linux.LinuxAgent).")
    String machine;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "mermaid",
            completionCandidates = DiagramFormat.Names.class, converter = DiagramFormat.Converter.class,
            description = "One of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    DiagramFormat format;

    @Override
    public Integer call() {
        Console console = AgentsLinux.console(spec);
        ClassLoader loader = AgentsLinux.classPath();
        List<StateManager<?, ?>> machines = StateManager.discover(loader);
        Optional<StateManager<?, ?>> found = machines.stream()
                .filter(m -> m.name().equals(machine) || MachineResources.qualifiedName(m).equals(machine))
                .findFirst();
        if (found.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "unknown machine '" + machine + "'; the machines on the class path are "
                    + String.join(", ", machines.stream().map(StateManager::name).toList()));
        }
        String qualified = MachineResources.qualifiedName(found.get());
        MachineResources resources = new MachineResources(loader);
        Optional<String> diagram = resources.read(qualified, format.extension());
        if (diagram.isEmpty()) {
            List<String> written = resources.available(qualified);
            List<DiagramFormat> present = List.of(DiagramFormat.values()).stream()
                    .filter(f -> written.contains(f.extension())).toList();
            console.err().println("agents-linux diagram: no " + format.optionName() + " diagram of " + qualified
                    + " on the class path (" + MachineResources.resource(qualified, format.extension()) + "); "
                    + (present.isEmpty() ? "this build wrote no diagrams (the processor writes them with -Aagentfsm.docs)"
                            : "formats present: " + String.join(", ", present.stream().map(DiagramFormat::optionName).toList())));
            console.err().flush();
            return AgentsLinux.FAILED;
        }
        console.out().print(diagram.get());
        console.out().flush();
        return 0;
    }
}
