package dev.agentfsm.processor.model;

import java.util.Optional;

/**
 * A class an annotation names as a state ({@code @Transition(to = ...)}, {@code initial},
 * {@code fallback}, {@code onError}), with what the reader found out about it: its status when it
 * is a {@code @State}, and its machine when it belongs to exactly one.
 */
public record StateRef(TypeRef type, Optional<String> status, Optional<MachineRef> machine, Origin origin) {

    /** Whether the class is annotated {@code @State}. */
    public boolean isState() {
        return status.isPresent();
    }

    /** Whether the class is a state of the machine named {@code machineName}. */
    public boolean belongsTo(MachineRef other) {
        return machine.isPresent() && machine.get().baseType().equals(other.baseType());
    }

    /** {@code STATUS} within {@code owner}, {@code Machine.STATUS} outside it, as the transition table names it. */
    public String qualifiedStatus(MachineRef owner) {
        String name = status.orElse(type.simpleName());
        return belongsTo(owner) || machine.isEmpty() ? name : machine.get().name() + "." + name;
    }
}
