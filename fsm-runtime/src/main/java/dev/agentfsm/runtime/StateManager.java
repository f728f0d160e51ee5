package dev.agentfsm.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The states of one machine, as the annotation processor generated them: {@code <Name>StateManager}.
 *
 * <p>Each state is created once, lazily and thread-safely, with {@code new}. Generated managers are
 * registered in {@code META-INF/services}, so {@link #discover} lists every machine on a class path
 * without scanning it.
 *
 * @param <A> the agent type the machine drives
 * @param <S> the machine's base state type
 */
public interface StateManager<A extends Agent, S extends AgentState<A>> {

    /** The machine's name, as in {@code @StateMachine(name = ...)}. */
    String name();

    /** The agent type the machine drives. */
    Class<A> agentType();

    /** The machine's transition table. */
    TransitionTable<?> table();

    /** The state a round starts in. */
    S initial();

    /**
     * The state of one of this machine's statuses.
     *
     * @throws IllegalArgumentException naming both machines if {@code status} belongs to another machine
     */
    S get(Status status);

    /**
     * The state for a status name, an edge where text comes in (configuration, tools). An unknown
     * status gives the machine's fallback state when it declares one.
     *
     * @throws UnknownStatusException if no state has the status and the machine declares no fallback
     */
    S get(String status);

    /** The state for a status name, or empty when no state has it; the fallback is not consulted. */
    Optional<S> find(String status);

    /**
     * Where the state of {@code from} goes next for this agent: the state's own
     * {@code next(agent, to)} when it declares one; its only move when it declares exactly one within
     * the machine; otherwise the declared move to the agent's {@link Agent#status()}, or an
     * {@linkplain Next#isLegal() illegal} decision.
     *
     * @throws IllegalArgumentException if {@code from} belongs to another machine
     */
    Next next(Status from, A agent);

    /**
     * Every machine registered in {@code META-INF/services/dev.agentfsm.runtime.StateManager} on the
     * class loader's path, sorted by machine name.
     *
     * @throws IllegalStateException when none is registered: the processor did not run on the code
     *     that declares the machines; the message says how to configure it
     */
    static List<StateManager<?, ?>> discover(ClassLoader loader) {
        List<StateManager<?, ?>> managers = new ArrayList<>();
        for (StateManager<?, ?> manager : ServiceLoader.load(StateManager.class, loader)) {
            managers.add(manager);
        }
        if (managers.isEmpty()) {
            throw new IllegalStateException(ProcessorMissing.MESSAGE);
        }
        managers.sort(Comparator.comparing((StateManager<?, ?> m) -> m.name())
                .thenComparing(m -> m.getClass().getName()));
        return List.copyOf(managers);
    }
}
