package dev.agentfsm.diagrams;

import dev.agentfsm.diagrams.ElkLayout.Drawing;
import dev.agentfsm.diagrams.ElkLayout.PlacedEdge;
import dev.agentfsm.diagrams.ElkLayout.PlacedNode;
import dev.agentfsm.diagrams.ElkLayout.Point;
import java.util.List;
import java.util.Locale;

/**
 * Writes a laid-out machine as SVG text: the title (name and description), then the moves, then the
 * boxes, then the moves' labels on a white halo. The look follows the processor's other diagrams: a
 * black start dot and an end bull's-eye, terminal states grey with a heavy border, hand-offs gold and
 * dashed, implicit on-error moves grey and dashed, the fallback state with a double border.
 *
 * <p>For a trace page ({@link TraceDiagram}) each state and each move is a group a script can find by its
 * {@code data-} attributes, each move's label is drawn in its move's group, and the moves a trace took
 * that the machine does not declare are dashed (red when illegal).
 */
final class SvgWriter {

    static final String FONTS = "Helvetica, Arial, 'DejaVu Sans', sans-serif";
    private static final double TITLE_SIZE = 16;
    private static final double SUBTITLE_SIZE = 12;
    private static final double MARGIN = 12;
    private static final double CORNER = 6;
    private static final String INK = "#333333";
    private static final String ERROR_INK = "#777777";
    private static final String ILLEGAL_INK = "#c0392b";

    private final StringBuilder out = new StringBuilder(16_384);
    /** The machine whose trace a page shows, or null for the build's diagram. */
    private final Machine page;

    private SvgWriter(Machine page) {
        this.page = page;
    }

    /** The SVG of {@code drawing}, titled with the graph's name and description; no fingerprint line. */
    static String write(DiagramGraph graph, Drawing drawing) {
        return new SvgWriter(null).svg(graph, drawing);
    }

    /** The same for a trace page: states and moves as groups with {@code data-} attributes (see {@link TraceDiagram}). */
    static String writeForPage(DiagramGraph graph, Drawing drawing, Machine machine) {
        return new SvgWriter(machine).svg(graph, drawing);
    }

    private String svg(DiagramGraph graph, Drawing drawing) {
        List<String> subtitle =
                NodeText.wrap(graph.subtitle(), SUBTITLE_SIZE, Math.max(360, drawing.width() - 2 * MARGIN));
        double titleWidth = TextWidth.of(graph.title(), TITLE_SIZE, true);
        for (String line : subtitle) {
            titleWidth = Math.max(titleWidth, TextWidth.of(line, SUBTITLE_SIZE, false));
        }
        double top = MARGIN + 20 + subtitle.size() * 16 + 4;
        double width = Math.ceil(Math.max(drawing.width(), titleWidth + 2 * MARGIN));
        double height = Math.ceil(top + drawing.height());
        double dx = (width - drawing.width()) / 2;

        if (page == null) {
            out.append("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        } else {
            // inline in HTML, where the parser gives <svg> its namespace: the page then names no URL at all
            out.append("<svg class=\"machine\" data-machine=\"")
                    .append(xml(page.name()))
                    .append('"');
        }
        out.append(" width=\"")
                .append(n(width))
                .append("\" height=\"")
                .append(n(height))
                .append("\" viewBox=\"0 0 ")
                .append(n(width))
                .append(' ')
                .append(n(height))
                .append("\" role=\"img\" aria-label=\"")
                .append(xml(graph.title()))
                .append(" state machine\" font-family=\"")
                .append(FONTS)
                .append("\">\n");
        out.append("<title>")
                .append(xml(graph.title() + (graph.subtitle().isEmpty() ? "" : ": " + graph.subtitle())))
                .append("</title>\n");
        out.append("<defs>\n");
        marker("agentfsm-arrow", INK);
        marker("agentfsm-arrow-error", ERROR_INK);
        if (page != null) {
            marker("agentfsm-arrow-illegal", ILLEGAL_INK);
        }
        out.append("</defs>\n");
        out.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        double center = width / 2;
        text(center, MARGIN + 15, graph.title(), TITLE_SIZE, "font-weight=\"bold\" text-anchor=\"middle\"");
        for (int i = 0; i < subtitle.size(); i++) {
            text(center, MARGIN + 20 + 13 + i * 16, subtitle.get(i), SUBTITLE_SIZE, "text-anchor=\"middle\"");
        }
        out.append("<g transform=\"translate(")
                .append(n(dx))
                .append(' ')
                .append(n(top))
                .append(")\">\n");
        out.append("<g fill=\"none\" stroke-width=\"1.2\">\n");
        for (PlacedEdge edge : drawing.edges()) {
            edge(edge);
        }
        out.append("</g>\n");
        for (PlacedNode node : drawing.nodes()) {
            node(node);
        }
        out.append("<g font-size=\"")
                .append(n(ElkLayout.LABEL_SIZE))
                .append("\" text-anchor=\"middle\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\n");
        for (PlacedEdge edge : drawing.edges()) {
            if (edge.label().isPresent() && (page == null || marker(edge.edge()))) {
                ElkLayout.Box box = edge.label().get();
                out.append("<text x=\"")
                        .append(n(box.x() + box.width() / 2))
                        .append("\" y=\"")
                        .append(n(baseline(box.y(), ElkLayout.LABEL_HEIGHT, ElkLayout.LABEL_SIZE)))
                        .append("\" fill=\"")
                        .append(edge.edge().onError() ? "#555555" : "#222222")
                        .append("\">")
                        .append(xml(edge.edge().label()))
                        .append("</text>\n");
            }
        }
        out.append("</g>\n</g>\n</svg>\n");
        return out.toString();
    }

    private void marker(String id, String color) {
        out.append("<marker id=\"")
                .append(id)
                .append("\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" ")
                // a page thickens the moves it highlights: its arrowheads keep their size in pixels
                .append(page == null ? "" : "markerUnits=\"userSpaceOnUse\" ")
                .append(page == null ? "markerWidth=\"7\" markerHeight=\"7\"" : "markerWidth=\"9\" markerHeight=\"9\"")
                .append(" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"")
                .append(color)
                .append("\"/></marker>\n");
    }

    private void edge(PlacedEdge edge) {
        List<Point> points = edge.points();
        if (points.size() < 2) {
            return;
        }
        DiagramGraph.Edge move = edge.edge();
        boolean group = page != null && !marker(move);
        if (group) {
            String kind =
                    switch (move.style()) {
                        case DECLARED -> "declared";
                        case ON_ERROR, RUNTIME -> "implicit";
                        case ILLEGAL -> "illegal";
                    };
            String from = status(move.from());
            String to = status(move.to());
            out.append("<g class=\"move ")
                    .append(kind)
                    .append("\" data-from=\"")
                    .append(xml(from))
                    .append("\" data-to=\"")
                    .append(xml(to))
                    .append("\"><title>")
                    .append(xml(from + " -> " + to + (move.label().isEmpty() ? "" : " by " + move.label())
                            + switch (move.style()) {
                                case DECLARED -> "";
                                case ON_ERROR, RUNTIME -> " (the runtime's own move)";
                                case ILLEGAL -> " (not declared: illegal)";
                            }))
                    .append("</title>\n");
        }
        out.append("<path d=\"").append(path(points)).append('"');
        switch (move.style()) {
            case ON_ERROR, RUNTIME ->
                out.append(" stroke=\"")
                        .append(ERROR_INK)
                        .append("\" stroke-dasharray=\"6,4\" marker-end=\"url(#agentfsm-arrow-error)\"");
            case ILLEGAL ->
                out.append(" stroke=\"")
                        .append(ILLEGAL_INK)
                        .append("\" stroke-dasharray=\"6,4\" marker-end=\"url(#agentfsm-arrow-illegal)\"");
            case DECLARED -> out.append(" stroke=\"").append(INK).append("\" marker-end=\"url(#agentfsm-arrow)\"");
        }
        out.append("/>\n");
        if (group) {
            if (edge.label().isPresent()) {
                ElkLayout.Box box = edge.label().get();
                out.append("<text x=\"")
                        .append(n(box.x() + box.width() / 2))
                        .append("\" y=\"")
                        .append(n(baseline(box.y(), ElkLayout.LABEL_HEIGHT, ElkLayout.LABEL_SIZE)))
                        .append("\" font-size=\"")
                        .append(n(ElkLayout.LABEL_SIZE))
                        .append("\" text-anchor=\"middle\" fill=\"#222222\" stroke=\"#ffffff\" stroke-width=\"3\"")
                        .append(" paint-order=\"stroke\">")
                        .append(xml(move.label()))
                        .append("</text>\n");
            }
            out.append("</g>\n");
        }
    }

    /** The start marker's arrow or an arrow into the end marker: not a move of the machine. */
    private static boolean marker(DiagramGraph.Edge edge) {
        return edge.from().equals(DiagramGraph.START) || edge.to().equals(DiagramGraph.END);
    }

    /** A node's status as a trace names it: {@code Machine.STATUS}, a copy's as its original's. */
    private String status(String nodeId) {
        int copy = nodeId.indexOf('#');
        String id = copy < 0 ? nodeId : nodeId.substring(0, copy);
        boolean own = page.states().stream().anyMatch(state -> state.name().equals(id));
        return own ? page.name() + "." + id : id;
    }

    /** The route with its corners rounded. */
    private static String path(List<Point> points) {
        StringBuilder d = new StringBuilder();
        d.append('M')
                .append(n(points.get(0).x()))
                .append(',')
                .append(n(points.get(0).y()));
        for (int i = 1; i < points.size() - 1; i++) {
            Point previous = points.get(i - 1);
            Point corner = points.get(i);
            Point next = points.get(i + 1);
            double in = Math.min(CORNER, distance(previous, corner) / 2);
            double outLength = Math.min(CORNER, distance(corner, next) / 2);
            Point before = toward(corner, previous, in);
            Point after = toward(corner, next, outLength);
            d.append(" L").append(n(before.x())).append(',').append(n(before.y()));
            d.append(" Q")
                    .append(n(corner.x()))
                    .append(',')
                    .append(n(corner.y()))
                    .append(' ')
                    .append(n(after.x()))
                    .append(',')
                    .append(n(after.y()));
        }
        Point last = points.get(points.size() - 1);
        d.append(" L").append(n(last.x())).append(',').append(n(last.y()));
        return d.toString();
    }

    private static double distance(Point a, Point b) {
        return Math.hypot(b.x() - a.x(), b.y() - a.y());
    }

    private static Point toward(Point from, Point to, double length) {
        double d = distance(from, to);
        if (d == 0) {
            return from;
        }
        return new Point(from.x() + (to.x() - from.x()) * length / d, from.y() + (to.y() - from.y()) * length / d);
    }

    private void node(PlacedNode placed) {
        DiagramGraph.Node node = placed.node();
        NodeText text = placed.text();
        double x = placed.x();
        double y = placed.y();
        double w = text.width();
        double h = text.height();
        switch (node.kind()) {
            case START -> {
                out.append("<circle cx=\"")
                        .append(n(x + w / 2))
                        .append("\" cy=\"")
                        .append(n(y + h / 2))
                        .append("\" r=\"")
                        .append(n(w / 2))
                        .append("\" fill=\"#222222\"/>\n");
                return;
            }
            case END -> {
                out.append("<circle cx=\"")
                        .append(n(x + w / 2))
                        .append("\" cy=\"")
                        .append(n(y + h / 2))
                        .append("\" r=\"")
                        .append(n(w / 2 - 1))
                        .append("\" fill=\"#ffffff\" stroke=\"#222222\" stroke-width=\"1.5\"/>\n");
                out.append("<circle cx=\"")
                        .append(n(x + w / 2))
                        .append("\" cy=\"")
                        .append(n(y + h / 2))
                        .append("\" r=\"")
                        .append(n(w / 2 - 5))
                        .append("\" fill=\"#222222\"/>\n");
                return;
            }
            default -> {}
        }
        String fill;
        String stroke;
        String strokeWidth;
        String dashes = "";
        switch (node.kind()) {
            case TERMINAL -> {
                fill = "#e3e3e3";
                stroke = "#222222";
                strokeWidth = "2";
            }
            case HAND_OFF -> {
                fill = "#fff8dc";
                stroke = "#b8860b";
                strokeWidth = "1.2";
                dashes = "5,3";
            }
            default -> {
                fill = "#f1f1f1";
                stroke = "#555555";
                strokeWidth = "1";
            }
        }
        if (node.copy()) {
            dashes = "2,2";
        }
        out.append(page == null ? "<g>\n" : stateGroup(node));
        rect(x, y, w, h, 8, fill, stroke, strokeWidth, dashes);
        if (node.fallback()) {
            rect(x + 3, y + 3, w - 6, h - 6, 6, "none", stroke, "1", "");
        }
        double lineTop = y + NodeText.PADDING_Y;
        List<NodeText.Line> lines = text.lines();
        for (int i = 0; i < lines.size(); i++) {
            NodeText.Line line = lines.get(i);
            String style = (line.bold() ? "font-weight=\"bold\" " : "")
                    + (line.italic() ? "font-style=\"italic\" " : "") + "text-anchor=\"middle\""
                    + (node.kind() == DiagramGraph.Kind.HAND_OFF ? " fill=\"#5c4300\"" : " fill=\"#111111\"");
            text(x + w / 2, baseline(lineTop, line.height(), line.size()), line.text(), line.size(), style);
            lineTop += line.height();
            if (i + 1 == text.ruleAfter()) {
                double ruleY = lineTop + NodeText.RULE_GAP / 2;
                out.append("<line x1=\"")
                        .append(n(x))
                        .append("\" y1=\"")
                        .append(n(ruleY))
                        .append("\" x2=\"")
                        .append(n(x + w))
                        .append("\" y2=\"")
                        .append(n(ruleY))
                        .append("\" stroke=\"")
                        .append(stroke)
                        .append("\" stroke-width=\"1\"")
                        .append(dashes.isEmpty() ? "" : " stroke-dasharray=\"" + dashes + "\"")
                        .append("/>\n");
                lineTop += NodeText.RULE_GAP;
            }
        }
        out.append("</g>\n");
    }

    /** A state's group on a page: its classes, and its status unless it is a copy. */
    private String stateGroup(DiagramGraph.Node node) {
        StringBuilder classes = new StringBuilder("state");
        Machine.State state = page.states().stream()
                .filter(s -> s.name().equals(node.label()))
                .findFirst()
                .orElse(null);
        if (state == null) {
            classes.append(" other-machine");
        } else {
            classes.append(state.terminal() ? " terminal" : "").append(state.endsRound() ? " ends-round" : "");
        }
        if (node.copy()) {
            return "<g class=\"" + classes + " copy\">\n";
        }
        return "<g class=\"" + classes + "\" data-status=\"" + xml(status(node.id())) + "\">\n";
    }

    private void rect(
            double x,
            double y,
            double w,
            double h,
            double radius,
            String fill,
            String stroke,
            String width,
            String dashes) {
        out.append("<rect x=\"")
                .append(n(x))
                .append("\" y=\"")
                .append(n(y))
                .append("\" width=\"")
                .append(n(w))
                .append("\" height=\"")
                .append(n(h))
                .append("\" rx=\"")
                .append(n(radius))
                .append("\" fill=\"")
                .append(fill)
                .append("\" stroke=\"")
                .append(stroke)
                .append("\" stroke-width=\"")
                .append(width)
                .append('"');
        if (!dashes.isEmpty()) {
            out.append(" stroke-dasharray=\"").append(dashes).append('"');
        }
        out.append("/>\n");
    }

    private void text(double x, double y, String text, double size, String attributes) {
        out.append("<text x=\"")
                .append(n(x))
                .append("\" y=\"")
                .append(n(y))
                .append("\" font-size=\"")
                .append(n(size))
                .append("\" ")
                .append(attributes)
                .append('>')
                .append(xml(text))
                .append("</text>\n");
    }

    /** Where the baseline of a line of {@code size} sits so that the line is centred in its {@code height}. */
    private static double baseline(double top, double height, double size) {
        return top + (height + size * 0.7) / 2;
    }

    /** A coordinate: at most two decimals, no trailing zeros, never in an exponent form or a locale's format. */
    static String n(double value) {
        double rounded = Math.round(value * 100) / 100.0;
        if (rounded == Math.rint(rounded)) {
            return Long.toString((long) rounded);
        }
        return String.format(Locale.ROOT, "%.2f", rounded).replaceAll("0+$", "");
    }

    /** Text as XML character data or attribute value; characters XML cannot hold become spaces. */
    static String xml(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        text.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                default -> {
                    boolean allowed =
                            c == '\t' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000;
                    if (allowed && c != '\t' && !(c >= 0x7F && c <= 0x9F)) {
                        out.appendCodePoint(c);
                    } else {
                        out.append(' ');
                    }
                }
            }
        });
        return out.toString();
    }
}
