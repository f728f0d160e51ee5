package dev.agentfsm.processor.model;

import java.util.List;
import java.util.Optional;

/**
 * One {@code @StateMachine} and its states, as read from the elements; immutable. Validation and
 * writing both work on this model and never on elements, except to report at an {@link Origin}.
 *
 * @param ref the machine's name, base type and agent type
 * @param description its {@code @StateMachine(description = ...)}
 * @param implementsAgentState whether the base type implements {@code AgentState<A>} with a concrete {@code A}
 * @param initial the {@code initial} state
 * @param fallback the {@code fallback} state, if declared
 * @param onError the {@code onError} state, if declared
 * @param states the states in a stable order (declaration order of their source, then name)
 * @param origin the base type and its {@code @StateMachine}
 * @param nameOrigin the {@code name} value
 * @param surroundings what the user's code around the machine asks of its generated sources
 */
public record MachineModel(
        MachineRef ref,
        String description,
        boolean implementsAgentState,
        StateRef initial,
        Optional<StateRef> fallback,
        Optional<StateRef> onError,
        List<StateModel> states,
        Origin origin,
        Origin nameOrigin,
        Surroundings surroundings) {

    public MachineModel {
        states = List.copyOf(states);
    }

    /** The machine's name. */
    public String name() {
        return ref.name();
    }

    /** The package the generated code goes to: the base type's. */
    public String packageName() {
        return ref.baseType().packageName();
    }

    /** The generated helper of {@code state}, {@code <Name>Moves.<StateClass>} (see {@link Names#movesTypes}). */
    public TypeRef movesType(StateModel state) {
        return Names.movesTypes(ref, states).get(state.type());
    }

    /** The state with this status, if the machine has one. */
    public Optional<StateModel> state(String status) {
        return states.stream().filter(s -> s.status().equals(status)).findFirst();
    }

    /** The state declared by this class, if the machine has it. */
    public Optional<StateModel> state(TypeRef type) {
        return states.stream().filter(s -> s.type().equals(type)).findFirst();
    }

    /** The machines this one hands off to, by base type, in order of first appearance. */
    public List<MachineRef> handOffTargets() {
        return states.stream()
                .flatMap(s -> s.transitions().stream())
                .filter(t -> t.isHandOff(ref))
                .map(t -> t.target().machine().orElseThrow())
                .distinct()
                .toList();
    }

    /** The status a reference resolves to within this machine, if it names one of its states. */
    public Optional<String> statusOf(StateRef state) {
        return state.belongsTo(ref) ? state.status() : Optional.empty();
    }
}
