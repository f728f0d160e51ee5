package dev.agentfsm.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The package graph of a source tree and its cycles, for a test that keeps a module's packages
 * depending on each other in one direction only:
 *
 * <pre>{@code
 * Map<String, Set<String>> graph = PackageCycles.graph(Path.of("src/main/java"), "com.example.agent");
 * assertEquals(List.of(), PackageCycles.cycles(graph), () -> "package graph: " + graph);
 * }</pre>
 *
 * <p>An edge is an import or a fully qualified name in code (comments are left out) of a type in
 * another package under the root package; a nested type counts for the package of its outer type.
 */
public final class PackageCycles {
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern COMMENT = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);

    private PackageCycles() {}

    /**
     * Each package of the {@code .java} files under {@code sources} and the packages under
     * {@code rootPackage} that it names.
     *
     * @throws UncheckedIOException when a file cannot be read
     * @throws IllegalArgumentException naming the file when a source declares no package
     */
    public static Map<String, Set<String>> graph(Path sources, String rootPackage) {
        Objects.requireNonNull(rootPackage, "rootPackage");
        Pattern reference = Pattern.compile("\\b(" + Pattern.quote(rootPackage) + "(?:\\.[a-z][a-z0-9_]*)*)\\.[A-Z]");
        Map<String, String> packageOf = new TreeMap<>();
        Map<String, String> code = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                String source = read(f);
                Matcher declared = PACKAGE.matcher(source);
                if (!declared.find()) {
                    throw new IllegalArgumentException(f + " declares no package");
                }
                packageOf.put(f.toString(), declared.group(1));
                code.put(f.toString(), COMMENT.matcher(source).replaceAll(""));
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the sources under " + sources, e);
        }
        Map<String, Set<String>> graph = new TreeMap<>();
        packageOf.values().forEach(p -> graph.computeIfAbsent(p, key -> new TreeSet<>()));
        code.forEach((file, source) -> {
            String from = packageOf.get(file);
            Matcher named = reference.matcher(source);
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

    /**
     * Every cycle a depth-first walk of {@code graph} finds, each as its packages in order with the
     * first repeated at the end ({@code "a -> b -> a"}); empty when the graph has none.
     */
    public static List<String> cycles(Map<String, Set<String>> graph) {
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
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
