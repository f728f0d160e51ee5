package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A status of a generated machine: one constant of a generated {@code <Name>Status} enum, one per
 * {@code @State}. Agents, decisions, tables, listeners and round results speak statuses; strings
 * appear only at the edges (the LLM's reply, YAML, the trace), where the generated {@code parse}
 * turns them into statuses.
 *
 * <p>Statuses are enum constants, so compare them with {@code ==} or use them in a {@code switch}.
 */
public interface Status {

    /** The status as {@code @State} names it, such as {@code "CONTINUE"}. */
    String name();

    /** The machine the status belongs to. */
    StateManager<?, ?> machine();

    /** The state's {@code @State(description = ...)}; empty text when it has none. */
    String description();

    /** Whether the state is {@code @Terminal}. */
    boolean isTerminal();

    /** Whether the round ends once the state's {@code handle} has run. */
    boolean endsRound();

    /** Whether reaching the state completes the current subtask; the round then announces a {@link SubtaskEvent}. */
    boolean endsSubtask();

    /** The moves the state declares with {@code @Transition}, in declaration order. */
    List<Move> moves();

    /**
     * The state's declared {@code @Timeout}: how long it may take and the {@code TIMEOUT} move the
     * round takes when the time is up; empty when it declares none (the default).
     */
    default Optional<Timeout> timeout() {
        return Optional.empty();
    }

    /** The targets of {@link #moves()}, in declaration order; a hand-off's target is another machine's status. */
    default List<Status> targets() {
        List<Status> targets = new ArrayList<>(moves().size());
        for (Move move : moves()) {
            targets.add(move.to());
        }
        return List.copyOf(targets);
    }

    /** The declared move to {@code target}, or empty when the state declares none to it. */
    default Optional<Move> moveTo(Status target) {
        List<Move> moves = moves();
        // by index, not with an iterator: every step's decision asks, and the JIT does not always remove the iterator
        for (int i = 0; i < moves.size(); i++) {
            if (moves.get(i).to() == target) {
                return Optional.of(moves.get(i));
            }
        }
        return Optional.empty();
    }

    /** The statuses of this machine the LLM may choose from here: the declared moves by {@link Trigger#LLM}, hand-offs excluded. */
    default List<Status> llmTargets() {
        List<Status> targets = new ArrayList<>();
        for (Move move : moves()) {
            if (move.trigger() == Trigger.LLM && !move.isHandOff()) {
                targets.add(move.to());
            }
        }
        return List.copyOf(targets);
    }

    /**
     * The tools the LLM may call in this state, as the state's {@code @Tools} declares them: tool-name
     * patterns where {@code *} stands for any run of characters ({@code "browser_*"}). A state without
     * {@code @Tools} offers every tool the device has ({@code ["*"]}); {@code @Tools({})} offers none.
     * Drivers that offer tools (fsm-mcp's {@code McpDriver}) apply them to the device's tools.
     */
    default List<String> tools() {
        return List.of("*");
    }

    /** The status qualified with its machine, {@code "HostAgent.CONTINUE"}: how traces and messages name it. */
    default String qualifiedName() {
        return machine().name() + "." + name();
    }
}
