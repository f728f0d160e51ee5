package dev.agentfsm.processor.write;

import dev.agentfsm.processor.Goldens;
import dev.agentfsm.processor.model.MachineModel;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each text format of a rich machine against its golden file in {@code golden/diagrams/}.
 * {@code mvn test -Dagentfsm.regenerateGoldens=true} rewrites them; review the diff before committing.
 * The SVG has no golden file: its coordinates depend on the fonts of the machine that renders it
 * ({@link SvgWriterTest} checks its structure instead).
 */
class DiagramGoldenTest {

    @Test
    void everyTextFormatMatchesItsGoldenFile() {
        MachineModel rich = DiagramMachines.rich();
        Goldens.fromBuild("diagrams").check(Map.of(
                "Desk.mmd", new MermaidWriter().write(rich),
                "Desk.dot", new DotWriter().write(rich),
                "Desk.puml", new PlantUmlWriter().write(rich),
                "Desk.md", new MarkdownWriter().write(rich, "Desk.svg")));
    }
}
