package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.util.List;
import java.util.Optional;

/**
 * The declared transitions of one machine, as the annotation processor generated them:
 * {@code <Name>TransitionTable}. The runtime checks every move against it.
 *
 * <p>A target in the same machine is named by its status ({@code "ASSIGN"}); a hand-off target
 * is named {@code Machine.STATUS} ({@code "AppAgent.CONTINUE"}).
 */
public interface TransitionTable {

    /** The machine's name. */
    String machine();

    /** The machine's statuses in declaration order; a status's position is its index. */
    List<String> statuses();

    /** The index of a status, or {@code -1} if the machine has no state with it. */
    int indexOf(String status);

    /** The status a round starts in. */
    String initial();

    /** The status entered for an unknown status, if the machine declares one. */
    Optional<String> fallback();

    /** The status entered when a state's {@code handle} throws, if the machine declares one. */
    Optional<String> onError();

    /** Whether {@code from} declares a transition to {@code to}; {@code false} for unknown statuses. */
    boolean allows(String from, String to);

    /**
     * Whether the state at index {@code from} declares a transition to {@code to}: the runtime's
     * per-step form of {@link #allows(String, String)}, which generated tables answer without a lookup.
     *
     * @throws IndexOutOfBoundsException if {@code from} is not one of the machine's indexes
     */
    default boolean allows(int from, String to) {
        return allows(statuses().get(from), to);
    }

    /**
     * The targets {@code from} declares, in declaration order.
     *
     * @throws UnknownStatusException if the machine has no state {@code from}
     */
    List<String> targets(String from);

    /** Who triggers the move from {@code from} to {@code to}; empty when that move is not declared. */
    Optional<Trigger> trigger(String from, String to);

    /**
     * Whether the state is {@code @Terminal}.
     *
     * @throws UnknownStatusException if the machine has no such state
     */
    boolean isTerminal(String status);

    /**
     * Whether the round ends once the state's {@code handle} has run.
     *
     * @throws UnknownStatusException if the machine has no such state
     */
    boolean endsRound(String status);

    /**
     * Whether the round ends once the state at {@code index} has run: the runtime's per-step form of
     * {@link #endsRound(String)}, which generated tables answer without a lookup.
     *
     * @throws IndexOutOfBoundsException if {@code index} is not one of the machine's indexes
     */
    default boolean endsRound(int index) {
        return endsRound(statuses().get(index));
    }

    /**
     * Whether reaching the state completes the current subtask.
     *
     * @throws UnknownStatusException if the machine has no such state
     */
    boolean endsSubtask(String status);

    /**
     * The state's {@code @State(description = ...)}, empty text when it has none.
     *
     * @throws UnknownStatusException if the machine has no such state
     */
    String description(String status);
}
