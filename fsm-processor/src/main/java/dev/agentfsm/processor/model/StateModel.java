package dev.agentfsm.processor.model;

import java.util.List;
import java.util.Optional;

/**
 * One {@code @State} class of a machine.
 *
 * @param status the status it answers to
 * @param type the state class
 * @param description its {@code @State(description = ...)}
 * @param terminal whether it is {@code @Terminal}
 * @param endsRound whether the round ends once it has run
 * @param endsSubtask whether it completes the current subtask
 * @param transitions its {@code @Transition}s in declaration order
 * @param nextMethod its own {@code next(agent, to)}, if it declares one
 * @param shape facts about its form
 * @param mutableFields its non-final instance fields not exempted by {@code @SuppressWarnings}
 * @param origin the class and its {@code @State}
 * @param statusOrigin the {@code @State} value
 * @param terminalOrigin the class and its {@code @Terminal}, or the class when it has none
 * @param tools its {@code @Tools} patterns, each where it is written; empty when it has no {@code @Tools}
 * @param timeout its {@code @Timeout}, if it declares one
 */
public record StateModel(
        String status,
        TypeRef type,
        String description,
        boolean terminal,
        boolean endsRound,
        boolean endsSubtask,
        List<TransitionModel> transitions,
        Optional<NextMethod> nextMethod,
        StateShape shape,
        List<MutableField> mutableFields,
        Origin origin,
        Origin statusOrigin,
        Origin terminalOrigin,
        Optional<List<ToolPattern>> tools,
        Optional<TimeoutModel> timeout) {

    public StateModel {
        transitions = List.copyOf(transitions);
        mutableFields = List.copyOf(mutableFields);
        tools = tools.map(List::copyOf);
    }

    /**
     * One value of {@code @Tools}.
     *
     * @param pattern the tool-name pattern as written
     * @param origin the value in the annotation
     */
    public record ToolPattern(String pattern, Origin origin) {}

    /**
     * The one declared move the generated dispatch takes when the state declares no {@code next}
     * method and exactly one move within its machine; empty otherwise.
     */
    public Optional<TransitionModel> onlyMove(MachineRef machine) {
        return nextMethod.isEmpty()
                        && transitions.size() == 1
                        && !transitions.get(0).isHandOff(machine)
                ? Optional.of(transitions.get(0))
                : Optional.empty();
    }
}
