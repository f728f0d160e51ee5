package dev.agentfsm.processor.model;

/**
 * A machine as a reference to it needs it: its name, its {@code @StateMachine} base type and the
 * agent type it drives.
 */
public record MachineRef(String name, TypeRef baseType, TypeRef agentType) {

    /** The generated state manager, {@code <Name>StateManager} beside the base type. */
    public TypeRef stateManager() {
        return baseType.sibling(name + "StateManager");
    }

    /** The generated status enum, {@code <Name>Status}. */
    public TypeRef statusEnum() {
        return baseType.sibling(name + "Status");
    }

    /** The generated helpers of the states, {@code <Name>Moves}: a class nested in it per state (see {@link Names#movesTypes}). */
    public TypeRef moves() {
        return baseType.sibling(name + Names.MOVES_SUFFIX);
    }

    /** The generated transition table, {@code <Name>TransitionTable}. */
    public TypeRef transitionTable() {
        return baseType.sibling(name + "TransitionTable");
    }
}
