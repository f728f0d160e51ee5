package dev.agentfsm.cli;

import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code machines}: every machine on the class path, from the generated service registrations. */
@Command(
        name = "machines",
        mixinStandardHelpOptions = true,
        description =
                "Lists the state machines on the class path: name, states, initial state and the generated files.")
final class MachinesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Console console = AgentFsmCli.console(spec);
        ClassLoader loader = AgentFsmCli.classPath();
        // none at all is discover's error, saying how to configure the processor; it exits 1
        List<StateManager<?, ?>> machines = StateManager.discover(loader);
        MachineResources resources = new MachineResources(loader);
        for (StateManager<?, ?> machine : machines) {
            TransitionTable<?> table = machine.table();
            String qualified = MachineResources.qualifiedName(machine);
            console.println(console.bold(machine.name()) + "  " + console.faint(qualified));
            console.println("  states:  "
                    + String.join(
                            ", ", table.statuses().stream().map(Status::name).toList()) + " (initial "
                    + table.initial().name() + ")");
            console.println("  files:   " + String.join(", ", resources.available(qualified)));
        }
        return 0;
    }
}
