package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.testing.PackageCycles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The module's packages depend on each other in one direction only: the package graph, built from the
 * main sources' imports and fully qualified names, has no cycle. A cycle is named package by package.
 */
class PackageCyclesTest {

    @Test
    void noTwoPackagesDependOnEachOther() {
        Map<String, Set<String>> graph = PackageCycles.graph(Path.of("src/main/java"), "dev.agentfsm.agents.windows");
        assertTrue(graph.size() > 1, () -> "expected the module's packages, found " + graph.keySet());
        assertEquals(List.of(), PackageCycles.cycles(graph), () -> "package graph: " + graph);
    }
}
