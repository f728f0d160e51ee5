package dev.agentfsm.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackageCyclesTest {

    @Test
    void aBackArrowIsNamed() {
        Map<String, Set<String>> graph = new TreeMap<>();
        graph.put("a", Set.of("b"));
        graph.put("b", Set.of("c"));
        graph.put("c", Set.of("a"));
        graph.put("d", Set.of("a"));
        assertEquals(List.of("a -> b -> c -> a"), PackageCycles.cycles(graph));
    }

    @Test
    void importsAndQualifiedNamesAreEdgesAndCommentsAreNot(@TempDir Path sources) throws IOException {
        write(sources, "x/A.java", "package x;\nimport x.y.B;\n/** {@link x.z.C} */\nclass A { x.z.C c; }\n");
        write(sources, "x/y/B.java", "package x.y;\n// x.A is named in a comment only\nclass B {}\n");
        write(sources, "x/z/C.java", "package x.z;\nclass C { x.y.B.Nested n; }\n");
        Map<String, Set<String>> graph = PackageCycles.graph(sources, "x");
        assertEquals(Map.of("x", Set.of("x.y", "x.z"), "x.y", Set.of(), "x.z", Set.of("x.y")), graph);
        assertEquals(List.of(), PackageCycles.cycles(graph));

        write(sources, "x/y/B.java", "package x.y;\nimport x.A;\nclass B {}\n");
        assertEquals(List.of("x -> x.y -> x"), PackageCycles.cycles(PackageCycles.graph(sources, "x")));
    }

    private static void write(Path root, String file, String text) throws IOException {
        Path path = root.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }
}
