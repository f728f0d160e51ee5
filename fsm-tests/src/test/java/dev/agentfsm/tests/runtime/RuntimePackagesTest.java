package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.testing.PackageCycles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * fsm-runtime's packages depend on each other in one direction only (issue 23: no back-arrow inside
 * the runtime): the root package (the machine, the round and the session) depends on none of its
 * sub-packages, and {@code internal} on nothing that depends on it.
 */
class RuntimePackagesTest {
    private static final Path RUNTIME_SOURCES = Path.of("../fsm-runtime/src/main/java");

    @Test
    void theRuntimesPackageGraphHasNoCycle() {
        Map<String, Set<String>> graph = PackageCycles.graph(RUNTIME_SOURCES, "dev.agentfsm.runtime");
        assertEquals(
                Set.of(
                        "dev.agentfsm.runtime",
                        "dev.agentfsm.runtime.device",
                        "dev.agentfsm.runtime.internal",
                        "dev.agentfsm.runtime.llm",
                        "dev.agentfsm.runtime.trace",
                        "dev.agentfsm.runtime.user"),
                graph.keySet());
        assertEquals(List.of(), PackageCycles.cycles(graph), () -> "package graph: " + graph);
        assertEquals(Set.of(), graph.get("dev.agentfsm.runtime"), "the root package depends on no sub-package");
    }
}
