package dev.agentfsm.diagrams;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.elk.alg.layered.options.CycleBreakingStrategy;
import org.eclipse.elk.alg.layered.options.LayerConstraint;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.alg.layered.options.NodePlacementStrategy;
import org.eclipse.elk.alg.layered.options.OrderingStrategy;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Lays a {@link DiagramGraph} out with ELK's layered algorithm (a Sugiyama layout in pure Java):
 * top to bottom, which keeps the picture narrow enough to read when a README scales it down; edges
 * routed orthogonally around the boxes, their labels beside them. ELK's randomness has a fixed seed,
 * so the same graph gets the same layout.
 */
final class ElkLayout {

    static {
        // register the algorithm by hand: ELK finds it through the ServiceLoader of the thread's context
        // class loader, which in a build tool's worker thread need not see this library
        LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
    }

    private ElkLayout() {}

    /** A point of the picture. */
    record Point(double x, double y) {}

    /**
     * A node where the layout put it.
     *
     * @param node the node
     * @param text its text and size
     * @param x its left edge
     * @param y its top edge
     */
    record PlacedNode(DiagramGraph.Node node, NodeText text, double x, double y) {}

    /**
     * A label's box.
     *
     * @param x its left edge
     * @param y its top edge
     * @param width its width
     * @param height its height
     */
    record Box(double x, double y, double width, double height) {}

    /**
     * An edge as routed: its points from the source to the target, and its label's box if it has a label.
     *
     * @param edge the edge
     * @param points the route, two or more points, ending on the target's border
     * @param label where the label goes
     */
    record PlacedEdge(DiagramGraph.Edge edge, List<Point> points, Optional<Box> label) {

        PlacedEdge {
            points = List.copyOf(points);
        }
    }

    /**
     * The laid-out graph.
     *
     * @param width the width of everything placed
     * @param height the height of everything placed
     * @param nodes the nodes
     * @param edges the edges
     */
    record Drawing(double width, double height, List<PlacedNode> nodes, List<PlacedEdge> edges) {

        Drawing {
            nodes = List.copyOf(nodes);
            edges = List.copyOf(edges);
        }
    }

    /**
     * Above this many nodes the boxes are placed by ELK's linear segments instead of Brandes-Köpf. Brandes-Köpf
     * draws small machines with the fewest bends, but lets a long chain of states drift sideways a little
     * at every layer: a 100-state chain came out 3,862 px wide, against 493 px with linear segments.
     */
    static final int LARGE = 40;

    static final double LABEL_SIZE = 11;
    static final double LABEL_HEIGHT = 14;

    /** Lays {@code graph} out. */
    static Drawing layout(DiagramGraph graph) {
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
        root.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.ORTHOGONAL);
        root.setProperty(CoreOptions.PADDING, new ElkPadding(12));
        root.setProperty(CoreOptions.SPACING_NODE_NODE, 24.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 30.0);
        root.setProperty(LayeredOptions.SPACING_EDGE_NODE_BETWEEN_LAYERS, 12.0);
        root.setProperty(LayeredOptions.SPACING_EDGE_EDGE_BETWEEN_LAYERS, 8.0);
        root.setProperty(CoreOptions.SPACING_EDGE_NODE, 12.0);
        root.setProperty(CoreOptions.SPACING_EDGE_EDGE, 8.0);
        root.setProperty(CoreOptions.SPACING_EDGE_LABEL, 3.0);
        // side by side, the states keep the order they are declared in where crossings allow; which moves
        // point upwards is left to ELK's greedy cycle breaking (following the declaration order instead
        // made AppAgent half as wide again), with the start dot on top and the end bull's-eye at the bottom
        root.setProperty(LayeredOptions.CONSIDER_MODEL_ORDER_STRATEGY, OrderingStrategy.NODES_AND_EDGES);
        root.setProperty(LayeredOptions.CYCLE_BREAKING_STRATEGY, CycleBreakingStrategy.GREEDY);
        if (graph.nodes().size() > LARGE) {
            root.setProperty(LayeredOptions.NODE_PLACEMENT_STRATEGY, NodePlacementStrategy.LINEAR_SEGMENTS);
        }

        Map<String, ElkNode> elkNodes = new LinkedHashMap<>();
        Map<String, NodeText> texts = new LinkedHashMap<>();
        for (DiagramGraph.Node node : graph.nodes()) {
            NodeText text = NodeText.of(node);
            ElkNode elk = ElkGraphUtil.createNode(root);
            elk.setDimensions(text.width(), text.height());
            switch (node.kind()) {
                case START -> elk.setProperty(LayeredOptions.LAYERING_LAYER_CONSTRAINT, LayerConstraint.FIRST);
                case END -> elk.setProperty(LayeredOptions.LAYERING_LAYER_CONSTRAINT, LayerConstraint.LAST);
                default -> {}
            }
            elkNodes.put(node.id(), elk);
            texts.put(node.id(), text);
        }
        List<ElkEdge> elkEdges = new ArrayList<>();
        for (DiagramGraph.Edge edge : graph.edges()) {
            ElkEdge elk = ElkGraphUtil.createSimpleEdge(elkNodes.get(edge.from()), elkNodes.get(edge.to()));
            if (!edge.label().isEmpty()) {
                ElkLabel label = ElkGraphUtil.createLabel(edge.label(), elk);
                label.setDimensions(Math.ceil(TextWidth.of(edge.label(), LABEL_SIZE, false)), LABEL_HEIGHT);
                label.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
            }
            elkEdges.add(elk);
        }

        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());

        List<PlacedNode> nodes = new ArrayList<>();
        for (DiagramGraph.Node node : graph.nodes()) {
            ElkNode elk = elkNodes.get(node.id());
            nodes.add(new PlacedNode(node, texts.get(node.id()), elk.getX(), elk.getY()));
        }
        List<PlacedEdge> edges = new ArrayList<>();
        for (int i = 0; i < graph.edges().size(); i++) {
            ElkEdge elk = elkEdges.get(i);
            List<Point> points = new ArrayList<>();
            for (ElkEdgeSection section : elk.getSections()) {
                points.add(new Point(section.getStartX(), section.getStartY()));
                for (ElkBendPoint bend : section.getBendPoints()) {
                    points.add(new Point(bend.getX(), bend.getY()));
                }
                points.add(new Point(section.getEndX(), section.getEndY()));
            }
            Optional<Box> label = elk.getLabels().stream()
                    .findFirst()
                    .map(l -> new Box(l.getX(), l.getY(), l.getWidth(), l.getHeight()));
            edges.add(new PlacedEdge(graph.edges().get(i), points, label));
        }
        return new Drawing(root.getWidth(), root.getHeight(), nodes, edges);
    }
}
