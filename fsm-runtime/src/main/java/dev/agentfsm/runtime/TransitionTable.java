package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.util.List;
import java.util.Optional;

/**
 * The declared transitions of one machine, as the annotation processor generated them:
 * {@code <Name>TransitionTable}. The runtime checks every move against it. A hand-off's target is a
 * status of another machine.
 *
 * @param <T> the machine's generated status enum
 */
public interface TransitionTable<T extends Status> {

    /** The machine's name. */
    String machine();

    /** The machine's statuses in declaration order. */
    List<T> statuses();

    /** The status named exactly {@code name} (an edge: text from the LLM, YAML or a trace), or empty. */
    Optional<T> parse(String name);

    /**
     * The status named exactly {@code name}.
     *
     * @throws UnknownStatusException naming the machine, the name and the known statuses if none has it;
     *     thrown from a state's work, it takes the round to the machine's fallback state, or ends it as
     *     {@link Outcome#UNKNOWN_STATUS}
     */
    default T require(String name) {
        return parse(name)
                .orElseThrow(() -> new UnknownStatusException(
                        machine(), name, statuses().stream().map(Status::name).toList()));
    }

    /** The status a round starts in. */
    T initial();

    /** The status entered for an unknown status, if the machine declares one. */
    Optional<T> fallback();

    /** The status entered when a state's {@code handle} throws, if the machine declares one. */
    Optional<T> onError();

    /** Whether {@code from} declares a move to {@code to}. */
    default boolean allows(Status from, Status to) {
        return from.moveTo(to).isPresent();
    }

    /** The targets {@code from} declares, in declaration order. */
    default List<Status> targets(Status from) {
        return from.targets();
    }

    /** Who triggers the move from {@code from} to {@code to}; empty when that move is not declared. */
    default Optional<Trigger> trigger(Status from, Status to) {
        return from.moveTo(to).map(Move::trigger);
    }

    /** Every declared move of the machine, state by state in declaration order. */
    default List<Move> moves() {
        return statuses().stream().flatMap(status -> status.moves().stream()).toList();
    }
}
