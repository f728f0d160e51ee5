package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module's packages depend on each other in one direction only: the package graph, built from the
 * main sources' imports and fully qualified names, has no cycle. A cycle is named package by package.
 */
class PackageCyclesTest {
    private static final String ROOT = "dev.agentfsm.agents.windows";
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    /** A name of this module's: an import or a fully qualified name in code, up to its first type name. */
    private static final Pattern REFERENCE =
            Pattern.compile("\\b(" + Pattern.quote(ROOT) + "(?:\\.[a-z][a-z0-9_]*)*)\\.[A-Z]");

    private static final Pattern COMMENT = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);

    @Test
    void noTwoPackagesDependOnEachOther() throws IOException {
        Map<String, Set<String>> graph = packageGraph(Path.of("src/main/java"));
        assertTrue(graph.size() > 1, () -> "expected the module's packages, found " + graph.keySet());
        assertEquals(List.of(), cycles(graph), () -> "package graph: " + graph);
    }

    @Test
    void aBackArrowIsNamed() {
        Map<String, Set<String>> graph = new TreeMap<>();
        graph.put("a", Set.of("b"));
        graph.put("b", Set.of("c"));
        graph.put("c", Set.of("a"));
        graph.put("d", Set.of("a"));
        assertEquals(List.of("a -> b -> c -> a"), cycles(graph));
    }

    /** Each package of the main sources and the packages of this module that it names. */
    static Map<String, Set<String>> packageGraph(Path sources) throws IOException {
        Map<String, String> text = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> text.put(f.toString(), read(f)));
        }
        Map<String, Set<String>> graph = new TreeMap<>();
        text.forEach((file, source) -> {
            Matcher declared = PACKAGE.matcher(source);
            if (!declared.find()) {
                throw new AssertionError(file + " declares no package");
            }
            graph.computeIfAbsent(declared.group(1), p -> new TreeSet<>());
        });
        text.values().forEach(source -> {
            Matcher declared = PACKAGE.matcher(source);
            declared.find();
            String from = declared.group(1);
            Matcher named = REFERENCE.matcher(COMMENT.matcher(source).replaceAll(""));
            while (named.find()) {
                String to = named.group(1);
                // a nested type's outer class is not a package: keep the longest prefix that is one
                while (!graph.containsKey(to) && to.contains(".")) {
                    to = to.substring(0, to.lastIndexOf('.'));
                }
                if (!to.equals(from) && graph.containsKey(to)) {
                    graph.get(from).add(to);
                }
            }
        });
        return graph;
    }

    /** Every cycle found by a depth-first walk, each as its packages in order, the first repeated at the end. */
    static List<String> cycles(Map<String, Set<String>> graph) {
        List<String> found = new ArrayList<>();
        Set<String> done = new TreeSet<>();
        for (String start : graph.keySet()) {
            walk(start, graph, new ArrayList<>(), done, found);
        }
        return found;
    }

    private static void walk(
            String node, Map<String, Set<String>> graph, List<String> path, Set<String> done, List<String> found) {
        int seen = path.indexOf(node);
        if (seen >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(seen, path.size()));
            cycle.add(node);
            found.add(String.join(" -> ", cycle));
            return;
        }
        if (done.contains(node)) {
            return;
        }
        path.add(node);
        for (String next : graph.getOrDefault(node, Set.of())) {
            walk(next, graph, path, done, found);
        }
        path.remove(path.size() - 1);
        done.add(node);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
