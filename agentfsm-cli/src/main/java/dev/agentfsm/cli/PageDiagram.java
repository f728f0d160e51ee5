package dev.agentfsm.cli;

import dev.agentfsm.diagrams.Machine;
import dev.agentfsm.diagrams.ModelException;
import dev.agentfsm.diagrams.ModelFile;
import dev.agentfsm.diagrams.RenderException;
import dev.agentfsm.diagrams.TraceDiagram;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import java.nio.file.Path;
import java.util.List;

/**
 * A machine's diagram on the trace page, drawn by fsm-diagrams ({@link TraceDiagram}) from the model
 * the processor wrote next to the machine ({@code META-INF/agentfsm/<qualified.Name>.yaml}): the
 * page's script finds each state and move by its {@code data-} attributes, and the moves a trace took
 * that the machine does not declare are drawn too.
 */
final class PageDiagram {
    /** A move to draw that the machine does not declare. */
    record ExtraMove(Status from, Status to, String trigger, boolean legal) {}

    private PageDiagram() {}

    /** The machine's diagram with the given undeclared moves added (those of other machines are left out). */
    static String svg(StateManager<?, ?> machine, List<ExtraMove> extra) {
        String qualified = MachineResources.qualifiedName(machine);
        String resource = MachineResources.resource(qualified, "yaml");
        String model = new MachineResources(machine.getClass().getClassLoader())
                .read(qualified, "yaml")
                .orElseThrow(() -> new IllegalStateException("no model of " + qualified + " on the class path ("
                        + resource + "); the agent-fsm processor writes it: rebuild the machine's jar with it"));
        Machine drawn;
        try {
            drawn = ModelFile.parse(Path.of(resource), model).machine();
        } catch (ModelException e) {
            throw new IllegalStateException(
                    "the model of " + qualified + " (" + resource + ") cannot be read: " + e.getMessage(), e);
        }
        List<TraceDiagram.UndeclaredMove> undeclared = extra.stream()
                .filter(move -> move.from().machine().name().equals(machine.name()))
                .map(move -> new TraceDiagram.UndeclaredMove(
                        move.from().name(), target(machine, move.to()), move.trigger(), move.legal()))
                .toList();
        try {
            return TraceDiagram.svg(drawn, undeclared);
        } catch (RenderException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** {@code FAIL} for a state of {@code machine}, {@code HostAgent.CONTINUE} for another machine's. */
    private static String target(StateManager<?, ?> machine, Status to) {
        return to.machine().name().equals(machine.name()) ? to.name() : to.qualifiedName();
    }
}
