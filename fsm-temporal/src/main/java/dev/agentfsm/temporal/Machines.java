package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generated machines a worker knows, by name, and the statuses in them by qualified name
 * ({@code "HostAgent.CONTINUE"}), the form statuses take in workflow payloads and histories. The
 * machines are generated code, so looking statuses up is deterministic, as workflow code must be.
 */
final class Machines {
    private final Map<String, StateManager<?, ?>> byName;

    private Machines(Map<String, StateManager<?, ?>> byName) {
        this.byName = byName;
    }

    /** The machines registered on {@code loader}'s class path (the processor registers each one). */
    static Machines discover(ClassLoader loader) {
        return of(StateManager.discover(loader));
    }

    /** The given machines; two with one name are an error naming both classes. */
    static Machines of(List<? extends StateManager<?, ?>> machines) {
        Map<String, StateManager<?, ?>> byName = new LinkedHashMap<>();
        for (StateManager<?, ?> machine : machines) {
            StateManager<?, ?> other = byName.putIfAbsent(machine.name(), machine);
            if (other != null && other != machine) {
                throw new IllegalArgumentException("two machines are named " + machine.name() + ": "
                        + other.getClass().getName() + " and "
                        + machine.getClass().getName()
                        + "; give one of them another @StateMachine(name = ...)");
            }
        }
        return new Machines(Map.copyOf(byName));
    }

    /**
     * The machine named {@code name}.
     *
     * @throws IllegalArgumentException naming the machine and the known ones when there is none
     */
    StateManager<?, ?> machine(String name) {
        StateManager<?, ?> machine = byName.get(name);
        if (machine == null) {
            throw new IllegalArgumentException("no machine named \"" + name + "\" is on this worker's class path;"
                    + " known machines: " + names() + "; put the module that declares it (built with the"
                    + " agent-fsm processor) on the worker's class path");
        }
        return machine;
    }

    /**
     * The status a qualified name names, {@code "HostAgent.CONTINUE"}.
     *
     * @throws IllegalArgumentException when the machine or the status is unknown
     */
    Status status(String qualified) {
        int dot = qualified.lastIndexOf('.');
        if (dot <= 0) {
            throw new IllegalArgumentException("\"" + qualified + "\" is not a qualified status; expected"
                    + " Machine.STATUS, such as HostAgent.CONTINUE");
        }
        StateManager<?, ?> machine = machine(qualified.substring(0, dot));
        String name = qualified.substring(dot + 1);
        return machine.table()
                .parse(name)
                .orElseThrow(() -> new IllegalArgumentException(machine.name()
                        + " has no status \"" + name + "\"; its statuses: "
                        + machine.table().statuses().stream().map(Status::name).toList()));
    }

    /** Every machine, sorted by name. */
    List<StateManager<?, ?>> all() {
        return names().stream().<StateManager<?, ?>>map(byName::get).toList();
    }

    /** {@code first} and every machine its hand-offs reach, directly or not, {@code first} first. */
    static List<StateManager<?, ?>> reachable(StateManager<?, ?> first) {
        Map<String, StateManager<?, ?>> seen = new LinkedHashMap<>();
        Deque<StateManager<?, ?>> todo = new ArrayDeque<>(List.of(first));
        while (!todo.isEmpty()) {
            StateManager<?, ?> machine = todo.removeFirst();
            if (seen.putIfAbsent(machine.name(), machine) != null) {
                continue;
            }
            for (Move move : machine.table().moves()) {
                if (move.isHandOff()) {
                    todo.addLast(move.to().machine());
                }
            }
        }
        return List.copyOf(seen.values());
    }

    private List<String> names() {
        return byName.keySet().stream().sorted().toList();
    }
}
