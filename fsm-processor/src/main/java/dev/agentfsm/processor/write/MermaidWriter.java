package dev.agentfsm.processor.write;

import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.write.MachineGraph.Edge;
import dev.agentfsm.processor.write.MachineGraph.Kind;
import dev.agentfsm.processor.write.MachineGraph.Node;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a machine's Mermaid state diagram ({@code stateDiagram-v2}), {@code <qualified.Name>.mmd},
 * which the Markdown page embeds so that code hosts render it. Mermaid's state diagrams cannot dash
 * an edge, so the implicit {@code onError} moves are labelled {@code on error} instead.
 */
public final class MermaidWriter {

    /** The diagram text. */
    public String write(MachineModel machine) {
        return write(MachineGraph.of(machine));
    }

    String write(MachineGraph graph) {
        StringBuilder out = new StringBuilder();
        out.append("---\ntitle: ").append(graph.name()).append("\n---\n");
        out.append("stateDiagram-v2\n");
        out.append("    classDef terminal fill:#e3e3e3,stroke:#333,stroke-width:2px\n");
        out.append("    classDef handoff fill:#fff8dc,stroke:#b8860b,stroke-dasharray:4 3\n");
        for (Node node : graph.nodes()) {
            out.append("    state \"")
                    .append(text(node.label()))
                    .append("\" as ")
                    .append(node.id())
                    .append('\n');
            if (!node.description().isEmpty()) {
                out.append("    ")
                        .append(node.id())
                        .append(" : ")
                        .append(text(node.description()))
                        .append('\n');
            }
            for (String note : node.notes()) {
                out.append("    ")
                        .append(node.id())
                        .append(" : ")
                        .append(text("(" + note + ")"))
                        .append('\n');
            }
        }
        out.append("    [*] --> ").append(graph.initial().id()).append('\n');
        for (Edge edge : graph.edges()) {
            out.append("    ")
                    .append(edge.from())
                    .append(" --> ")
                    .append(edge.to())
                    .append(" : ")
                    .append(text(edge.label()))
                    .append('\n');
        }
        for (Node node : graph.nodes()) {
            if (node.kind() == Kind.TERMINAL && node.endsRound()) {
                out.append("    ").append(node.id()).append(" --> [*]\n");
            }
        }
        appendClass(out, graph, Kind.TERMINAL, "terminal");
        appendClass(out, graph, Kind.HAND_OFF, "handoff");
        return out.toString();
    }

    private static void appendClass(StringBuilder out, MachineGraph graph, Kind kind, String className) {
        List<String> ids = graph.nodes().stream()
                .filter(n -> n.kind() == kind)
                .map(Node::id)
                .toList();
        if (!ids.isEmpty()) {
            out.append("    class ")
                    .append(ids.stream().collect(Collectors.joining(",")))
                    .append(' ')
                    .append(className)
                    .append('\n');
        }
    }

    /**
     * Mermaid decodes {@code #<code>;} in every label and {@code <br>} is its line break; {@code ;}
     * ends a statement, {@code %%} starts a comment, and quotes, {@code #}, {@code :} and brackets are syntax.
     */
    static String text(String text) {
        return DiagramText.encode(text, ".,-()'/?!+=@", "#", "<br>");
    }
}
