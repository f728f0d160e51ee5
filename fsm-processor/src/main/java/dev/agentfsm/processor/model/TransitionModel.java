package dev.agentfsm.processor.model;

import dev.agentfsm.annotations.Trigger;

/**
 * One {@code @Transition}: its target, who triggers it and when. {@code origin} points at the
 * {@code to} value, so errors about the target underline it.
 */
public record TransitionModel(StateRef target, Trigger by, String when, Origin origin) {

    /** Whether the target is a state of a machine other than {@code owner}. */
    public boolean isHandOff(MachineRef owner) {
        return target.machine().isPresent() && !target.belongsTo(owner);
    }
}
