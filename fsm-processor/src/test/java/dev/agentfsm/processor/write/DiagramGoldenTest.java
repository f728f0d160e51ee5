package dev.agentfsm.processor.write;

import dev.agentfsm.processor.Goldens;
import dev.agentfsm.processor.model.MachineModel;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each text format of a rich machine against its golden file in {@code golden/diagrams/}.
 * {@code mvn test -Dagentfsm.regenerateGoldens=true} rewrites them; review the diff before committing.
 * The processor writes no SVG: fsm-diagrams draws it after the compile, and tests it there.
 */
class DiagramGoldenTest {

    @Test
    void everyTextFormatMatchesItsGoldenFile() {
        MachineModel rich = DiagramMachines.rich();
        Goldens.fromBuild("diagrams")
                .check(Map.of(
                        "Desk.mmd", new MermaidWriter().write(rich),
                        "Desk.dot", new DotWriter().write(rich),
                        "Desk.puml", new PlantUmlWriter().write(rich),
                        "Desk.md", new MarkdownWriter().write(rich, "Desk.svg")));
    }
}
