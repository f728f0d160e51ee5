package dev.agentfsm.processor.model;

import java.util.List;

/**
 * A {@code @State} class that belongs to no machine of this compilation: it extends no
 * {@code @StateMachine} type, more than one, or one compiled separately.
 *
 * @param type the state class
 * @param candidates the {@code @StateMachine} types among its supertypes
 * @param machineCompiledSeparately whether its one machine was not among this round's: compiled in an earlier
 *     compilation, or read in an earlier round of this one
 * @param origin the class and its {@code @State}
 */
public record OrphanState(TypeRef type, List<TypeRef> candidates, boolean machineCompiledSeparately, Origin origin) {

    public OrphanState {
        candidates = List.copyOf(candidates);
    }
}
