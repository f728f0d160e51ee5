package dev.agentfsm.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The states of one machine, as the annotation processor generated them: {@code <Name>StateManager}.
 *
 * <p>Each state is created once, lazily and thread-safely, with {@code new}; lookups allocate
 * nothing. Generated managers are registered in {@code META-INF/services}, so {@link #discover}
 * lists every machine on a class path without scanning it.
 *
 * <p>The {@code int} methods are the runtime's fast path: a state's index is the ordinal of its
 * constant in the generated {@code <Name>Status} enum, and {@link TransitionTable#indexOf} maps a
 * status to it.
 *
 * @param <A> the agent type the machine drives
 * @param <S> the machine's base state type
 */
public interface StateManager<A extends Agent, S extends AgentState<A>> {

    /** The machine's name, as in {@code @StateMachine(name = ...)}. */
    String machine();

    /** The agent type the machine drives. */
    Class<A> agentType();

    /** The machine's transition table. */
    TransitionTable table();

    /** The state a round starts in. */
    S initial();

    /**
     * The state for a status. An unknown status gives the machine's fallback state when it declares
     * one.
     *
     * @throws UnknownStatusException if no state has the status and the machine declares no fallback
     */
    S get(String status);

    /** The state for a status, or empty when no state has it; the fallback is not consulted. */
    Optional<S> find(String status);

    /**
     * The state at an index, the ordinal of its constant in the generated status enum.
     *
     * @throws IndexOutOfBoundsException if the index is not one of the machine's states
     */
    S state(int index);

    /**
     * Where the state at {@code from} goes next for this agent: the state's own
     * {@code next(agent, to)} when it declares one, otherwise the declared target whose status is
     * the agent's {@link Agent#status()}, otherwise an {@linkplain Next#isLegal() illegal} decision.
     */
    Next next(int from, A agent);

    /**
     * Every machine registered in {@code META-INF/services/dev.agentfsm.runtime.StateManager} on the
     * class loader's path, sorted by machine name.
     */
    static List<StateManager<?, ?>> discover(ClassLoader loader) {
        List<StateManager<?, ?>> managers = new ArrayList<>();
        for (StateManager<?, ?> manager : ServiceLoader.load(StateManager.class, loader)) {
            managers.add(manager);
        }
        managers.sort(Comparator.comparing((StateManager<?, ?> m) -> m.machine())
                .thenComparing(m -> m.getClass().getName()));
        return List.copyOf(managers);
    }
}
