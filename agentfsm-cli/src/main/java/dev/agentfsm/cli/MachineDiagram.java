package dev.agentfsm.cli;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A machine's state diagram as inline SVG, drawn from its generated model with no layout tool: the
 * states in layers by their distance from the initial state (declaration order within a layer, then
 * one pass that moves each state under the states that lead to it), the declared moves as curves
 * labelled with their trigger, a hand-off's target as a dashed state of the other machine. Moves a
 * trace took that the machine does not declare (the runtime's own moves to {@code onError} or the
 * fallback, and illegal ones) are drawn too, dashed, so a trace's path can always be shown.
 *
 * <p>Every state is a {@code <g class="state" data-status="Machine.STATUS">} and every move a
 * {@code <g class="move" data-from="..." data-to="...">}, for a page to highlight.
 */
final class MachineDiagram {
    /** A move to draw that the machine does not declare. */
    record ExtraMove(Status from, Status to, String trigger, boolean legal) {}

    private static final double CHAR_WIDTH = 7.8;
    private static final double NODE_HEIGHT = 34;
    private static final double LAYER_GAP = 96;
    private static final double NODE_GAP = 48;
    private static final double MARGIN = 36;

    /** A state drawn: one of the machine's, or another machine's that a hand-off reaches. */
    private static final class Node {
        final Status status;
        final boolean other;
        int layer = -1;
        double order;
        double x;
        double y;
        double width;

        Node(Status status, boolean other) {
            this.status = status;
            this.other = other;
            this.width = Math.max(84, label().length() * CHAR_WIDTH + 28);
        }

        String label() {
            return other ? status.qualifiedName() : status.name();
        }
    }

    /** A move drawn. */
    private record Edge(Node from, Node to, String trigger, String when, String kind) {}

    private final StateManager<?, ?> machine;
    private final Map<Status, Node> nodes = new LinkedHashMap<>();
    private final List<Edge> edges = new ArrayList<>();

    private MachineDiagram(StateManager<?, ?> machine) {
        this.machine = machine;
    }

    /** The machine's diagram with the given undeclared moves added (those of other machines are left out). */
    static String svg(StateManager<?, ?> machine, List<ExtraMove> extra) {
        MachineDiagram diagram = new MachineDiagram(machine);
        diagram.build(extra);
        diagram.layout();
        return diagram.draw();
    }

    private void build(List<ExtraMove> extra) {
        TransitionTable<?> table = machine.table();
        for (Status status : table.statuses()) {
            nodes.put(status, new Node(status, false));
        }
        for (Move move : table.moves()) {
            edges.add(new Edge(
                    nodes.get(move.from()), node(move.to()), move.trigger().name(), move.when(), "declared"));
        }
        Set<List<Status>> drawn = new HashSet<>();
        for (ExtraMove move : extra) {
            if (move.from().machine().name().equals(machine.name()) && drawn.add(List.of(move.from(), move.to()))) {
                edges.add(new Edge(
                        nodes.get(move.from()),
                        node(move.to()),
                        move.trigger(),
                        "",
                        move.legal() ? "implicit" : "illegal"));
            }
        }
    }

    private Node node(Status status) {
        return nodes.computeIfAbsent(status, other -> new Node(other, true));
    }

    private void layout() {
        // layers: breadth first from the initial state along the machine's own moves; states nothing
        // reaches (onError, fallback, entries from other machines) start new layers below
        List<Node> own = nodes.values().stream().filter(node -> !node.other).toList();
        place(nodes.get(machine.table().initial()), 0);
        for (Node node : own) {
            if (node.layer < 0) {
                place(node, own.stream().mapToInt(n -> n.layer).max().orElse(0) + 1);
            }
        }
        for (Edge edge : edges) {
            if (edge.to().other) {
                edge.to().layer = Math.max(edge.to().layer, edge.from().layer + 1);
            }
        }
        int layers = nodes.values().stream().mapToInt(node -> node.layer).max().orElse(0) + 1;
        List<List<Node>> byLayer = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            byLayer.add(new ArrayList<>());
        }
        nodes.values().forEach(node -> byLayer.get(node.layer).add(node));
        // one pass of the barycentre heuristic: a state goes under the mean position of what leads to it
        for (int layer = 0; layer < layers; layer++) {
            List<Node> row = byLayer.get(layer);
            for (int i = 0; i < row.size(); i++) {
                Node node = row.get(i);
                int index = i;
                node.order = edges.stream()
                        .filter(e -> e.to() == node && e.from().layer < node.layer)
                        .mapToDouble(e -> e.from().order)
                        .average()
                        .orElse(index);
            }
            row.sort(Comparator.comparingDouble(node -> node.order));
            for (int i = 0; i < row.size(); i++) {
                row.get(i).order = i;
            }
        }
        double widest =
                byLayer.stream().mapToDouble(MachineDiagram::rowWidth).max().orElse(0);
        for (int layer = 0; layer < layers; layer++) {
            List<Node> row = byLayer.get(layer);
            double x = MARGIN + (widest - rowWidth(row)) / 2;
            for (Node node : row) {
                node.x = x + node.width / 2;
                node.y = MARGIN + 20 + layer * LAYER_GAP + NODE_HEIGHT / 2;
                x += node.width + NODE_GAP;
            }
        }
    }

    private void place(Node start, int layer) {
        Deque<Node> queue = new ArrayDeque<>();
        start.layer = layer;
        queue.add(start);
        while (!queue.isEmpty()) {
            Node node = queue.remove();
            for (Edge edge : edges) {
                if (edge.from() == node && !edge.to().other && edge.to().layer < 0) {
                    edge.to().layer = node.layer + 1;
                    queue.add(edge.to());
                }
            }
        }
    }

    private static double rowWidth(List<Node> row) {
        return row.stream().mapToDouble(node -> node.width).sum() + NODE_GAP * Math.max(0, row.size() - 1);
    }

    private String draw() {
        double width = nodes.values().stream()
                        .mapToDouble(node -> node.x + node.width / 2)
                        .max()
                        .orElse(0)
                + MARGIN
                + 80;
        double height = nodes.values().stream()
                        .mapToDouble(node -> node.y + NODE_HEIGHT / 2)
                        .max()
                        .orElse(0)
                + MARGIN;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"machine\" data-machine=\"")
                .append(Html.text(machine.name()))
                .append("\" viewBox=\"0 0 ")
                .append(number(width))
                .append(' ')
                .append(number(height))
                .append("\" width=\"")
                .append(number(width))
                .append("\" height=\"")
                .append(number(height))
                .append("\" role=\"img\" aria-label=\"")
                .append(Html.text("state diagram of " + machine.name()))
                .append("\">\n");
        Node initial = nodes.get(machine.table().initial());
        double startY = initial.y - NODE_HEIGHT / 2 - 24;
        svg.append("<g class=\"start\"><circle cx=\"")
                .append(number(initial.x))
                .append("\" cy=\"")
                .append(number(startY))
                .append("\" r=\"6\"/><path d=\"M")
                .append(number(initial.x))
                .append(',')
                .append(number(startY + 6))
                .append(" L")
                .append(number(initial.x))
                .append(',')
                .append(number(initial.y - NODE_HEIGHT / 2))
                .append("\"/>")
                .append(arrowHead(initial.x, startY + 6, initial.x, initial.y - NODE_HEIGHT / 2))
                .append("</g>\n");
        for (Edge edge : edges) {
            drawEdge(svg, edge);
        }
        TransitionTable<?> table = machine.table();
        for (Node node : nodes.values()) {
            List<String> classes = new ArrayList<>(List.of("state"));
            if (node.other) {
                classes.add("other-machine");
            }
            if (node.status.isTerminal()) {
                classes.add("terminal");
            }
            if (node.status.endsRound()) {
                classes.add("ends-round");
            }
            double left = node.x - node.width / 2;
            double top = node.y - NODE_HEIGHT / 2;
            svg.append("<g class=\"")
                    .append(String.join(" ", classes))
                    .append("\" data-status=\"")
                    .append(Html.text(node.status.qualifiedName()))
                    .append("\"><title>")
                    .append(Html.text(title(node, table)))
                    .append("</title>");
            svg.append("<rect x=\"")
                    .append(number(left))
                    .append("\" y=\"")
                    .append(number(top))
                    .append("\" width=\"")
                    .append(number(node.width))
                    .append("\" height=\"")
                    .append(number(NODE_HEIGHT))
                    .append("\" rx=\"9\"/>");
            if (node.status.isTerminal()) {
                svg.append("<rect class=\"inner\" x=\"")
                        .append(number(left + 3))
                        .append("\" y=\"")
                        .append(number(top + 3))
                        .append("\" width=\"")
                        .append(number(node.width - 6))
                        .append("\" height=\"")
                        .append(number(NODE_HEIGHT - 6))
                        .append("\" rx=\"7\"/>");
            }
            svg.append("<text x=\"")
                    .append(number(node.x))
                    .append("\" y=\"")
                    .append(number(node.y + 4.5))
                    .append("\">")
                    .append(Html.text(node.label()))
                    .append("</text></g>\n");
        }
        return svg.append("</svg>").toString();
    }

    private static String title(Node node, TransitionTable<?> table) {
        List<String> notes = new ArrayList<>();
        if (!node.other) {
            if (table.initial() == node.status) {
                notes.add("initial");
            }
            if (table.onError().filter(status -> status == node.status).isPresent()) {
                notes.add("onError");
            }
            if (table.fallback().filter(status -> status == node.status).isPresent()) {
                notes.add("fallback");
            }
        }
        if (node.status.isTerminal()) {
            notes.add(node.status.endsRound() ? "terminal, ends the round" : "terminal");
        }
        String description = node.status.description();
        return node.status.qualifiedName()
                + (notes.isEmpty() ? "" : " (" + String.join(", ", notes) + ")")
                + (description.isEmpty() ? "" : ": " + description);
    }

    private void drawEdge(StringBuilder svg, Edge edge) {
        Node from = edge.from();
        Node to = edge.to();
        svg.append("<g class=\"move ")
                .append(edge.kind())
                .append("\" data-from=\"")
                .append(Html.text(from.status.qualifiedName()))
                .append("\" data-to=\"")
                .append(Html.text(to.status.qualifiedName()))
                .append("\"><title>")
                .append(Html.text(from.status.name() + " -> " + to.label() + " by " + edge.trigger()
                        + (edge.when().isEmpty() ? "" : ": " + edge.when())
                        + (edge.kind().equals("implicit") ? " (the runtime's own move)" : "")
                        + (edge.kind().equals("illegal") ? " (not declared: illegal)" : "")))
                .append("</title>");
        double labelX;
        double labelY;
        if (from == to) {
            // a loop on the right-hand side of the state
            double right = from.x + from.width / 2;
            double top = from.y - 8;
            double bottom = from.y + 8;
            svg.append("<path d=\"M")
                    .append(number(right))
                    .append(',')
                    .append(number(top))
                    .append(" C")
                    .append(number(right + 46))
                    .append(',')
                    .append(number(top - 26))
                    .append(' ')
                    .append(number(right + 46))
                    .append(',')
                    .append(number(bottom + 26))
                    .append(' ')
                    .append(number(right + 2))
                    .append(',')
                    .append(number(bottom))
                    .append("\"/>")
                    .append(arrowHead(right + 30, bottom + 14, right + 2, bottom));
            labelX = right + 58;
            labelY = from.y + 4;
        } else {
            boolean back = edges.stream().anyMatch(other -> other.from() == to && other.to() == from);
            boolean straight = to.layer == from.layer + 1 && !back;
            double dx = to.x - from.x;
            double dy = to.y - from.y;
            double length = Math.hypot(dx, dy);
            double bend = straight ? 0 : (to.layer == from.layer ? 0.35 * length + 20 : 42);
            // bend to the left of the direction of travel: two opposite moves curve apart
            double controlX = (from.x + to.x) / 2 + bend * dy / length;
            double controlY = (from.y + to.y) / 2 - bend * dx / length;
            double[] start = border(from, controlX, controlY);
            double[] end = border(to, controlX, controlY);
            svg.append("<path d=\"M")
                    .append(number(start[0]))
                    .append(',')
                    .append(number(start[1]))
                    .append(" Q")
                    .append(number(controlX))
                    .append(',')
                    .append(number(controlY))
                    .append(' ')
                    .append(number(end[0]))
                    .append(',')
                    .append(number(end[1]))
                    .append("\"/>")
                    .append(arrowHead(controlX, controlY, end[0], end[1]));
            labelX = 0.25 * start[0] + 0.5 * controlX + 0.25 * end[0];
            labelY = 0.25 * start[1] + 0.5 * controlY + 0.25 * end[1] + 4;
        }
        svg.append("<text x=\"")
                .append(number(labelX))
                .append("\" y=\"")
                .append(number(labelY))
                .append("\">")
                .append(Html.text(edge.trigger()))
                .append("</text></g>\n");
    }

    /** Where the line from the state's centre towards (x, y) leaves its box. */
    private static double[] border(Node node, double x, double y) {
        double dx = x - node.x;
        double dy = y - node.y;
        double scale = Math.min(
                dx == 0 ? Double.MAX_VALUE : (node.width / 2) / Math.abs(dx),
                dy == 0 ? Double.MAX_VALUE : (NODE_HEIGHT / 2) / Math.abs(dy));
        return new double[] {node.x + dx * scale, node.y + dy * scale};
    }

    /** A filled arrowhead at (x, y) pointing away from (fromX, fromY). */
    private static String arrowHead(double fromX, double fromY, double x, double y) {
        double angle = Math.atan2(y - fromY, x - fromX);
        double size = 9;
        double spread = 0.42;
        return "<polygon class=\"head\" points=\"" + number(x) + "," + number(y) + " "
                + number(x - size * Math.cos(angle - spread)) + "," + number(y - size * Math.sin(angle - spread)) + " "
                + number(x - size * Math.cos(angle + spread)) + "," + number(y - size * Math.sin(angle + spread))
                + "\"/>";
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
