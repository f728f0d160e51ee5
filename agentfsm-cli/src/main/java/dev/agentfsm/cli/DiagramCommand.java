package dev.agentfsm.cli;

import dev.agentfsm.diagrams.ModelException;
import dev.agentfsm.diagrams.ModelFile;
import dev.agentfsm.diagrams.RenderException;
import dev.agentfsm.diagrams.SvgRenderer;
import dev.agentfsm.runtime.StateManager;
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

/**
 * {@code diagram}: prints one machine's diagram: the text formats as the processor wrote them into the
 * build, the SVG drawn from the machine's model by fsm-diagrams, as the Maven plugin draws it.
 */
@Command(
        name = "diagram",
        mixinStandardHelpOptions = true,
        description = "Prints a machine's state diagram from the class path (META-INF/agentfsm/<machine>.<ext>).")
final class DiagramCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "MACHINE",
            description =
                    "The machine: its name (LinuxAgent) or qualified name (dev.agentfsm.agents.linux.LinuxAgent).")
    String machine;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "mermaid",
            completionCandidates = DiagramFormat.Values.class,
            converter = DiagramFormat.Values.class,
            description = "One of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    DiagramFormat format;

    @Override
    public Integer call() {
        Console console = AgentFsmCli.console(spec);
        ClassLoader loader = AgentFsmCli.classPath();
        List<StateManager<?, ?>> machines = StateManager.discover(loader);
        List<StateManager<?, ?>> found = machines.stream()
                .filter(m -> MachineResources.qualifiedName(m).equals(machine))
                .toList();
        if (found.isEmpty()) {
            found = machines.stream().filter(m -> m.name().equals(machine)).toList();
        }
        if (found.isEmpty()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "unknown machine '" + machine + "'; the machines on the class path are "
                            + String.join(
                                    ", ",
                                    machines.stream().map(StateManager::name).toList()));
        }
        if (found.size() > 1) {
            // two modules may each have a machine of the same name: drawing either one would be a guess
            throw new ParameterException(
                    spec.commandLine(),
                    "'" + machine + "' names " + found.size() + " machines: "
                            + String.join(
                                    ", ",
                                    found.stream()
                                            .map(MachineResources::qualifiedName)
                                            .toList())
                            + "; give the qualified name");
        }
        String qualified = MachineResources.qualifiedName(found.get(0));
        MachineResources resources = new MachineResources(loader);
        Optional<String> diagram;
        try {
            diagram = format == DiagramFormat.SVG
                    ? svg(resources, qualified)
                    : resources.read(qualified, format.extension());
        } catch (ModelException | RenderException e) {
            console.err().println("agentfsm-cli diagram: " + e.getMessage());
            console.err().flush();
            return AgentFsmCli.FAILED;
        }
        if (diagram.isEmpty()) {
            List<String> written = resources.available(qualified);
            List<DiagramFormat> present = List.of(DiagramFormat.values()).stream()
                    .filter(f -> written.contains(f.extension()))
                    .toList();
            console.err()
                    .println("agentfsm-cli diagram: no " + format.optionName() + " diagram of " + qualified
                            + " on the class path ("
                            + MachineResources.resource(
                                    qualified, format == DiagramFormat.SVG ? "yaml" : format.extension())
                            + "); "
                            + (present.isEmpty()
                                    ? "this build wrote no diagrams of it"
                                    : "formats present: "
                                            + String.join(
                                                    ", ",
                                                    present.stream()
                                                            .map(DiagramFormat::optionName)
                                                            .toList())));
            console.err().flush();
            return AgentFsmCli.FAILED;
        }
        console.out().print(diagram.get());
        console.out().flush();
        return 0;
    }

    /** The SVG drawn from the machine's model, when the build wrote one. */
    private static Optional<String> svg(MachineResources resources, String qualified)
            throws ModelException, RenderException {
        Optional<String> model = resources.read(qualified, "yaml");
        if (model.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(SvgRenderer.render(
                ModelFile.parse(Path.of(MachineResources.resource(qualified, "yaml")), model.get())));
    }
}
