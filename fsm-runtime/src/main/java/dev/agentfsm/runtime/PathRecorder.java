package dev.agentfsm.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The states a round entered, recorded without allocating per step: parallel arrays of machines and
 * state indices, sized once from the step budget and grown (by doubling) only past it. Statuses are
 * turned into {@code Machine.STATUS} strings only when the result is built.
 */
final class PathRecorder {
    /** Beyond this many entries the arrays start smaller and grow, so a huge budget costs no huge array. */
    private static final int MAX_INITIAL_CAPACITY = 16_384;

    private StateManager<?, ?>[] machines;
    private int[] indices;
    private int size;

    PathRecorder(int expectedSteps) {
        int capacity = Math.max(1, Math.min(expectedSteps, MAX_INITIAL_CAPACITY));
        machines = new StateManager<?, ?>[capacity];
        indices = new int[capacity];
    }

    void add(StateManager<?, ?> machine, int index) {
        if (size == indices.length) {
            machines = Arrays.copyOf(machines, size * 2);
            indices = Arrays.copyOf(indices, size * 2);
        }
        machines[size] = machine;
        indices[size] = index;
        size++;
    }

    /** The recorded states as {@code Machine.STATUS}, each distinct name built once. */
    List<String> toStatuses() {
        Map<StateManager<?, ?>, String[]> names = new IdentityHashMap<>();
        List<String> path = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            StateManager<?, ?> machine = machines[i];
            String[] byIndex = names.get(machine);
            if (byIndex == null) {
                byIndex = new String[machine.table().statuses().size()];
                names.put(machine, byIndex);
            }
            int index = indices[i];
            if (byIndex[index] == null) {
                byIndex[index] = qualified(machine, index);
            }
            path.add(byIndex[index]);
        }
        return path;
    }

    /** {@code Machine.STATUS} of a state. */
    static String qualified(StateManager<?, ?> machine, int index) {
        // String.concat sizes each string exactly; fsm-runtime compiles '+' to a StringBuilder
        return machine.machine().concat(".").concat(machine.table().statuses().get(index));
    }
}
