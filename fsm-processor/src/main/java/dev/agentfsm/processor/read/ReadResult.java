package dev.agentfsm.processor.read;

import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.OrphanState;
import java.util.List;

/**
 * What one round's elements read into: complete machines, states that belong to none, and the
 * annotated types to try again next round.
 */
public record ReadResult(List<MachineModel> machines, List<OrphanState> orphans, List<Deferred> deferred) {

    public ReadResult {
        machines = List.copyOf(machines);
        orphans = List.copyOf(orphans);
        deferred = List.copyOf(deferred);
    }
}
