package dev.agentfsm.processor.write;

import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.write.MachineGraph.Edge;
import dev.agentfsm.processor.write.MachineGraph.Kind;
import dev.agentfsm.processor.write.MachineGraph.Node;

/**
 * Writes a machine's PlantUML state diagram, {@code <qualified.Name>.puml}. It selects PlantUML's
 * built-in Smetana layout, so that it renders with PlantUML alone, without a Graphviz install.
 */
public final class PlantUmlWriter {

    /** The diagram text. */
    public String write(MachineModel machine) {
        return write(MachineGraph.of(machine));
    }

    String write(MachineGraph graph) {
        StringBuilder out = new StringBuilder();
        out.append("@startuml\n");
        out.append("!pragma layout smetana\n");
        out.append("hide empty description\n");
        out.append("hide stereotype\n");
        out.append("skinparam state {\n");
        out.append("  BackgroundColor<<terminal>> #E3E3E3\n");
        out.append("  BorderThickness<<terminal>> 2\n");
        out.append("  BackgroundColor<<handoff>> #FFF8DC\n");
        out.append("  BorderColor<<handoff>> #B8860B\n");
        out.append("}\n");
        out.append("title ").append(text(graph.name()));
        if (!graph.description().isEmpty()) {
            out.append("\\n").append(text(graph.description()));
        }
        out.append('\n');
        for (Node node : graph.nodes()) {
            out.append("state \"").append(text(node.label())).append("\" as ").append(node.id());
            switch (node.kind()) {
                case TERMINAL -> out.append(" <<terminal>>");
                case HAND_OFF -> out.append(" <<handoff>> ##[dashed]");
                case STATE -> {}
            }
            out.append('\n');
            if (!node.description().isEmpty()) {
                out.append(node.id())
                        .append(" : ")
                        .append(text(node.description()))
                        .append('\n');
            }
            for (String note : node.notes()) {
                out.append(node.id()).append(" : <i>").append(text(note)).append("</i>\n");
            }
        }
        out.append("[*] --> ").append(graph.initial().id()).append('\n');
        for (Edge edge : graph.edges()) {
            out.append(edge.from())
                    .append(edge.implicitOnError() ? " -[#777777,dashed]-> " : " --> ")
                    .append(edge.to())
                    .append(" : ")
                    .append(text(edge.label()))
                    .append('\n');
        }
        for (Node node : graph.nodes()) {
            if (node.kind() == Kind.TERMINAL && node.endsRound()) {
                out.append(node.id()).append(" --> [*]\n");
            }
        }
        out.append("@enduml\n");
        return out.toString();
    }

    /**
     * PlantUML decodes {@code &#<code>;} in every label and {@code \n} is its line break; its creole
     * markup is made of doubled punctuation ({@code **}, {@code //}, {@code --}, {@code ~~}), so of
     * the punctuation only what cannot start markup stays as it is.
     */
    static String text(String text) {
        return DiagramText.encode(text, ".,()'?!", "&#", "\\n");
    }
}
