package dev.agentfsm.mcp;

import dev.agentfsm.runtime.internal.SafeText;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Whether a tool's input schema, as a server sent it, is safe to validate arguments with. A schema is a
 * server's data: it must not make the client open a URL or a file ({@code $ref} outside the schema,
 * an unknown {@code $schema}, a {@code $id} that moves the base of its references), loop for ever
 * ({@code $ref}s that lead back to where they started without reading any input) or nest so deep
 * that validating recurses past the stack, be too long to send with every request, or carry a {@code type},
 * {@code enum} or {@code pattern} the validator cannot take (every call would then be refused, blaming its
 * arguments). Checked once per listing; a schema that fails is refused
 * and its tool is not offered.
 */
final class ToolSchemas {
    /** How deep a schema's JSON may nest; real tool schemas stay far below. */
    static final int MAX_DEPTH = 64;
    /** How many objects, arrays and values a schema may have. */
    static final int MAX_PARTS = 20_000;

    /**
     * How long a schema may be as JSON: it goes to the model with every request that offers the tool, so a
     * huge {@code enum} or description would make every request too large.
     */
    static final int MAX_CHARS = 100_000;

    /** Keywords whose value is data (a value to compare with), not a schema. */
    private static final Set<String> DATA = Set.of("const", "enum", "default", "examples");
    /** Keywords whose value maps names to schemas: its keys are names, not keywords. */
    private static final Set<String> NAMED =
            Set.of("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies");
    /** Keywords whose schemas apply to the same value as the schema they are in. */
    private static final Set<String> IN_PLACE_LISTS = Set.of("allOf", "anyOf", "oneOf");

    private static final Set<String> IN_PLACE_ONE = Set.of("not", "if", "then", "else");
    /**
     * Keywords besides those above whose value is a schema, or a list of schemas: what lies under any other key (a
     * vendor's {@code "x-ui": {"type": "slider"}}) is no schema, so its values are the server's own business.
     */
    private static final Set<String> SCHEMA_VALUED = Set.of(
            "items",
            "prefixItems",
            "additionalItems",
            "additionalProperties",
            "unevaluatedItems",
            "unevaluatedProperties",
            "contains",
            "propertyNames",
            "contentSchema");

    private static final Set<String> TYPES =
            Set.of("null", "boolean", "object", "array", "number", "string", "integer");
    private static final Set<String> REFS = Set.of("$ref", "$dynamicRef", "$recursiveRef");
    private static final Set<String> DIALECTS = Set.of(
            "json-schema.org/schema",
            "json-schema.org/draft-04/schema",
            "json-schema.org/draft-06/schema",
            "json-schema.org/draft-07/schema",
            "json-schema.org/draft/2019-09/schema",
            "json-schema.org/draft/2020-12/schema");

    private ToolSchemas() {}

    /** Why {@code schema} cannot be used, addressed to the model and the user; empty when it can. */
    static Optional<String> problem(Map<String, Object> schema) {
        Map<String, Object> nodes = new LinkedHashMap<>();
        Map<String, String> anchors = new HashMap<>();
        Optional<String> shape = walk(schema, nodes, anchors);
        if (shape.isPresent()) {
            return shape;
        }
        // measured once the walk has bounded its depth: writing a deeper one would recurse past the stack
        int chars = ToolResults.json(schema).length();
        if (chars > MAX_CHARS) {
            return Optional.of("it is " + chars + " characters of JSON, more than " + MAX_CHARS
                    + " (it is sent to the model with every request)");
        }
        return loop(nodes, anchors, schema);
    }

    /** Visits every part, without recursion: the depth, the size, the keywords that reach outside. */
    private static Optional<String> walk(Object root, Map<String, Object> nodes, Map<String, String> anchors) {
        // names: a map of names to schemas (properties...); schema: a schema's place, or a list or map of schemas
        record Part(Object value, String pointer, int depth, boolean names, boolean schema) {}
        Deque<Part> parts = new ArrayDeque<>();
        parts.push(new Part(root, "", 0, false, true));
        int count = 0;
        while (!parts.isEmpty()) {
            Part part = parts.pop();
            if (++count > MAX_PARTS) {
                return Optional.of("it has more than " + MAX_PARTS + " parts");
            }
            if (part.depth() > MAX_DEPTH) {
                return Optional.of("it is nested more than " + MAX_DEPTH + " levels deep");
            }
            List<Part> children = new ArrayList<>();
            if (part.value() instanceof Map<?, ?> map) {
                if (!part.names()) {
                    nodes.put(part.pointer(), map);
                    Optional<String> keyword = keywords(map, part.pointer(), anchors);
                    if (keyword.isPresent()) {
                        return keyword;
                    }
                    if (part.schema()) {
                        Optional<String> malformed = malformed(map, part.pointer());
                        if (malformed.isPresent()) {
                            return malformed;
                        }
                    }
                }
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    String key = String.valueOf(entry.getKey());
                    if (!part.names() && DATA.contains(key)) {
                        continue;
                    }
                    boolean names = !part.names() && NAMED.contains(key);
                    boolean schema = part.schema()
                            && (part.names()
                                    || names
                                    || IN_PLACE_LISTS.contains(key)
                                    || IN_PLACE_ONE.contains(key)
                                    || SCHEMA_VALUED.contains(key));
                    children.add(new Part(
                            entry.getValue(), part.pointer() + "/" + escape(key), part.depth() + 1, names, schema));
                }
            } else if (part.value() instanceof List<?> list) {
                for (int i = 0; i < list.size(); i++) {
                    children.add(
                            new Part(list.get(i), part.pointer() + "/" + i, part.depth() + 1, false, part.schema()));
                }
            }
            for (int i = children.size() - 1; i >= 0; i--) {
                parts.push(children.get(i)); // in document order
            }
        }
        return Optional.empty();
    }

    private static Optional<String> keywords(Map<?, ?> schema, String pointer, Map<String, String> anchors) {
        String at = pointer.isEmpty() ? "the top" : pointer;
        for (String keyword : REFS) {
            if (schema.get(keyword) instanceof String ref && !ref.startsWith("#")) {
                return Optional.of("the " + keyword + " \"" + SafeText.line(ref, 200) + "\" at " + at
                        + " points outside the schema; only references within it (starting with #) are followed");
            }
        }
        if (schema.get("$id") instanceof String id && !id.isEmpty() && !id.startsWith("#")) {
            return Optional.of("its $id \"" + SafeText.line(id, 200) + "\" at " + at
                    + " would resolve references against another document; leave $id out");
        }
        if (schema.containsKey("$schema")) {
            String dialect = String.valueOf(schema.get("$schema"));
            String bare = dialect.replaceFirst("^https?://", "").replaceFirst("#$", "");
            if (!DIALECTS.contains(bare)) {
                return Optional.of("its $schema \"" + SafeText.line(dialect, 200) + "\" at " + at
                        + " is not a JSON Schema dialect the client knows (draft-04 to 2020-12)");
            }
        }
        for (String keyword : List.of("$anchor", "$dynamicAnchor")) {
            if (schema.get(keyword) instanceof String anchor) {
                anchors.putIfAbsent(anchor, pointer);
            }
        }
        return Optional.empty();
    }

    /**
     * A keyword whose value the validator cannot take: it would refuse every call of the tool, blaming the
     * arguments ("string found, unknown expected", "Unexpected validation error: PatternSyntaxException").
     */
    private static Optional<String> malformed(Map<?, ?> schema, String pointer) {
        String at = pointer.isEmpty() ? "the top" : pointer;
        Object type = schema.get("type");
        if (type != null && !(type instanceof String name ? TYPES.contains(name) : isTypeList(type))) {
            return Optional.of("its \"type\" at " + at + " is " + SafeText.line(ToolResults.json(type), 100)
                    + ", not one of " + String.join(", ", new TreeSet<>(TYPES)) + " or a list of them");
        }
        if (schema.containsKey("enum") && !(schema.get("enum") instanceof List<?>)) {
            return Optional.of("its \"enum\" at " + at + " is "
                    + SafeText.line(ToolResults.json(schema.get("enum")), 100) + ", not a list");
        }
        if (schema.get("pattern") instanceof String pattern) {
            try {
                Pattern.compile(pattern);
            } catch (PatternSyntaxException e) {
                return Optional.of("its \"pattern\" at " + at + " is " + SafeText.line(ToolResults.json(pattern), 100)
                        + ", not a regular expression: " + e.getDescription());
            }
        }
        return Optional.empty();
    }

    private static boolean isTypeList(Object type) {
        return type instanceof List<?> list
                && !list.isEmpty()
                && list.stream().allMatch(t -> t instanceof String name && TYPES.contains(name));
    }

    /**
     * A chain of references and in-place keywords ({@code allOf}, {@code not}, {@code if}...) that
     * comes back to a schema it started from: validating it would apply the same schema to the same
     * value for ever. A reference through {@code properties} or {@code items} is fine (a tree): each
     * step reads deeper into the value.
     */
    private static Optional<String> loop(Map<String, Object> nodes, Map<String, String> anchors, Object root) {
        Map<String, List<Edge>> edges = new HashMap<>();
        for (Map.Entry<String, Object> node : nodes.entrySet()) {
            List<Edge> out = new ArrayList<>();
            Map<?, ?> schema = (Map<?, ?>) node.getValue();
            for (String keyword : REFS) {
                if (schema.get(keyword) instanceof String ref) {
                    Optional<String> target = target(ref, anchors, root);
                    if (target.isEmpty()) {
                        return Optional.of("the " + keyword + " \"" + SafeText.line(ref, 200) + "\" at "
                                + (node.getKey().isEmpty() ? "the top" : node.getKey())
                                + " refers to nothing in the schema");
                    }
                    out.add(new Edge(target.get(), Optional.of(ref)));
                }
            }
            for (String keyword : IN_PLACE_LISTS) {
                if (schema.get(keyword) instanceof List<?> list) {
                    for (int i = 0; i < list.size(); i++) {
                        out.add(new Edge(node.getKey() + "/" + keyword + "/" + i, Optional.empty()));
                    }
                }
            }
            for (String keyword : IN_PLACE_ONE) {
                if (schema.get(keyword) instanceof Map<?, ?>) {
                    out.add(new Edge(node.getKey() + "/" + keyword, Optional.empty()));
                }
            }
            for (String keyword : List.of("dependentSchemas", "dependencies")) {
                if (schema.get(keyword) instanceof Map<?, ?> named) {
                    for (Object name : named.keySet()) {
                        out.add(new Edge(
                                node.getKey() + "/" + keyword + "/" + escape(String.valueOf(name)), Optional.empty()));
                    }
                }
            }
            edges.put(node.getKey(), out);
        }
        return cycle(nodes, edges);
    }

    private record Edge(String to, Optional<String> ref) {}

    /** A schema on the search's path, and how many of its edges were taken. */
    private static final class Frame {
        final String node;
        final List<Edge> out;
        int taken;

        Frame(String node, List<Edge> out) {
            this.node = node;
            this.out = out;
        }
    }

    /** A depth-first search without recursion; a schema met again on the current path is a loop. */
    private static Optional<String> cycle(Map<String, Object> nodes, Map<String, List<Edge>> edges) {
        Map<String, Integer> state = new HashMap<>(); // absent: not seen, 1: on the path, 2: done
        for (String start : nodes.keySet()) {
            if (state.containsKey(start)) {
                continue;
            }
            Deque<Frame> path = new ArrayDeque<>();
            path.push(new Frame(start, edges.getOrDefault(start, List.of())));
            state.put(start, 1);
            while (!path.isEmpty()) {
                Frame frame = path.peek();
                if (frame.taken >= frame.out.size()) {
                    state.put(frame.node, 2);
                    path.pop();
                    continue;
                }
                Edge edge = frame.out.get(frame.taken++);
                Integer seen = state.get(edge.to());
                if (seen == null) {
                    state.put(edge.to(), 1);
                    path.push(new Frame(edge.to(), edges.getOrDefault(edge.to(), List.of())));
                } else if (seen == 1) {
                    // the loop runs from edge.to() along the path back to it: name its first reference
                    List<Frame> frames = new ArrayList<>(path);
                    Collections.reverse(frames);
                    int from = 0;
                    while (!frames.get(from).node.equals(edge.to())) {
                        from++;
                    }
                    for (int i = from; i < frames.size(); i++) {
                        Frame f = frames.get(i);
                        Edge taken = f.out.get(f.taken - 1);
                        if (taken.ref().isPresent()) {
                            return Optional.of(
                                    "the $ref \"" + SafeText.line(taken.ref().get(), 200) + "\" at "
                                            + (f.node.isEmpty() ? "the top" : f.node) + " leads back to "
                                            + (edge.to().isEmpty() ? "the top" : edge.to())
                                            + " without reading any input (a loop)");
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The pointer a reference within the schema resolves to: {@code #}, {@code #/a/b} or {@code #anchor}. */
    private static Optional<String> target(String ref, Map<String, String> anchors, Object root) {
        String fragment = URLDecoder.decode(ref.substring(1).replace("+", "%2B"), StandardCharsets.UTF_8);
        if (fragment.isEmpty()) {
            return Optional.of("");
        }
        if (!fragment.startsWith("/")) {
            return Optional.ofNullable(anchors.get(fragment));
        }
        Object at = root;
        StringBuilder pointer = new StringBuilder();
        for (String token : fragment.substring(1).split("/", -1)) {
            String name = token.replace("~1", "/").replace("~0", "~");
            if (at instanceof Map<?, ?> map && map.containsKey(name)) {
                at = map.get(name);
            } else if (at instanceof List<?> list && name.matches("\\d{1,9}") && Integer.parseInt(name) < list.size()) {
                at = list.get(Integer.parseInt(name));
            } else {
                return Optional.empty();
            }
            pointer.append('/').append(escape(name));
        }
        return Optional.of(pointer.toString());
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
