package dev.agentfsm.spring.boot;

import dev.agentfsm.runtime.StateManager;
import java.util.List;
import java.util.Optional;

/**
 * The machines on the application's class path: every state manager the annotation processor registered in
 * {@code META-INF/services}, found once at start-up.
 */
public final class AgentFsmMachines {
    private final List<StateManager<?, ?>> machines;

    /** Finds the machines {@code loader} sees. */
    public static AgentFsmMachines discover(ClassLoader loader) {
        return new AgentFsmMachines(StateManager.discover(loader));
    }

    AgentFsmMachines(List<StateManager<?, ?>> machines) {
        this.machines = List.copyOf(machines);
    }

    /** Every machine, in the order the class path lists them. */
    public List<StateManager<?, ?>> list() {
        return machines;
    }

    /** The machine named {@code name} (its simple name, as {@link StateManager#name()} gives it). */
    public Optional<StateManager<?, ?>> find(String name) {
        return machines.stream().filter(m -> m.name().equals(name)).findFirst();
    }
}
