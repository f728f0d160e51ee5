package dev.agentfsm.processor.write;

import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.write.MachineGraph.Edge;
import dev.agentfsm.processor.write.MachineGraph.Kind;
import dev.agentfsm.processor.write.MachineGraph.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a machine's Graphviz diagram, {@code <qualified.Name>.dot}. Every identifier is quoted (DOT
 * keywords such as {@code NODE} are valid statuses), and labels are quoted strings, in which only
 * the quote, the backslash and {@code &} (Graphviz decodes HTML entities in labels) are special.
 */
public final class DotWriter {

    private static final String START = "__start";
    private static final String END = "__end";

    /** The diagram text. */
    public String write(MachineModel machine) {
        return write(MachineGraph.of(machine));
    }

    String write(MachineGraph graph) {
        StringBuilder out = new StringBuilder();
        out.append("digraph ").append(quote(graph.name())).append(" {\n");
        String title = graph.description().isEmpty() ? graph.name() : graph.name() + "\n" + graph.description();
        out.append("  graph [label=").append(quote(title)).append(", labelloc=t, fontname=\"Helvetica\"];\n");
        out.append("  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f1f1f1\", fontname=\"Helvetica\"];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
        out.append("  ")
                .append(quote(START))
                .append(" [shape=point, style=filled, fillcolor=black, width=0.2, label=\"\"];\n");
        boolean endsRound = graph.nodes().stream().anyMatch(n -> n.kind() == Kind.TERMINAL && n.endsRound());
        if (endsRound) {
            out.append("  ")
                    .append(quote(END))
                    .append(" [shape=doublecircle, style=filled, fillcolor=black, width=0.15, label=\"\"];\n");
        }
        for (Node node : graph.nodes()) {
            out.append("  ")
                    .append(quote(node.id()))
                    .append(" [")
                    .append(String.join(", ", attributes(node)))
                    .append("];\n");
        }
        out.append("  ")
                .append(quote(START))
                .append(" -> ")
                .append(quote(graph.initial().id()))
                .append(";\n");
        for (Edge edge : graph.edges()) {
            out.append("  ")
                    .append(quote(edge.from()))
                    .append(" -> ")
                    .append(quote(edge.to()))
                    .append(" [label=")
                    .append(quote(edge.label()));
            if (edge.implicitOnError()) {
                out.append(", style=dashed, color=\"#777777\", fontcolor=\"#555555\"");
            }
            out.append("];\n");
        }
        for (Node node : graph.nodes()) {
            if (node.kind() == Kind.TERMINAL && node.endsRound()) {
                out.append("  ")
                        .append(quote(node.id()))
                        .append(" -> ")
                        .append(quote(END))
                        .append(";\n");
            }
        }
        out.append("}\n");
        return out.toString();
    }

    private static List<String> attributes(Node node) {
        StringBuilder label = new StringBuilder(node.label());
        if (!node.description().isEmpty()) {
            label.append('\n').append(node.description());
        }
        node.notes().forEach(note -> label.append("\n(").append(note).append(')'));
        List<String> attributes = new ArrayList<>();
        attributes.add("label=" + quote(label.toString()));
        switch (node.kind()) {
            case TERMINAL -> {
                attributes.add("fillcolor=\"#e3e3e3\"");
                attributes.add("penwidth=2");
            }
            case HAND_OFF -> {
                attributes.add("style=\"rounded,filled,dashed\"");
                attributes.add("fillcolor=\"#fff8dc\"");
                attributes.add("color=\"#b8860b\"");
            }
            case STATE -> {}
        }
        if (node.fallback()) {
            attributes.add("peripheries=2");
        }
        return attributes;
    }

    /** A DOT quoted string: {@code \}, {@code "} and {@code &} escaped, line breaks as {@code \n}. */
    static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        String normalized = DiagramText.withNewlines(text);
        for (int i = 0; i < normalized.length(); i++) {
            char c = normalized.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '&' -> out.append("&amp;");
                case '\n' -> out.append("\\n");
                default -> out.append(Character.isISOControl(c) ? ' ' : c);
            }
        }
        return out.append('"').toString();
    }
}
