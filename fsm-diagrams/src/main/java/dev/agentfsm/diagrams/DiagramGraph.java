package dev.agentfsm.diagrams;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a machine's SVG draws, before layout: the start and end markers, one node per state and per
 * hand-off target, the declared moves, and the implicit {@code onError} move from every non-terminal
 * state that does not declare it (as the processor's DOT, PlantUML and Mermaid diagrams draw them).
 *
 * <p>A node that more than {@link #MOST_MOVES_IN} moves lead into (an error state every state can
 * reach, the end of a long chain) keeps one of them; the others end at a small copy of it beside
 * their source. Drawn in full, such moves cross the whole picture, and a layered layout routes each
 * through every layer it spans: at 1,000 states that is about half a million route points and a
 * layout of minutes.
 */
record DiagramGraph(String title, String subtitle, List<Node> nodes, List<Edge> edges) {

    /** The most moves drawn into one node; more end at copies of it. */
    static final int MOST_MOVES_IN = 8;

    DiagramGraph {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    /** What a node stands for; decides how it is drawn. */
    enum Kind {
        START,
        END,
        STATE,
        TERMINAL,
        HAND_OFF
    }

    /**
     * One node.
     *
     * @param id unique in the graph
     * @param label the name drawn on it: a status, or {@code Machine.STATUS} for a hand-off
     * @param kind what it is
     * @param description the state's description, empty for none
     * @param notes the facts shown in italics: fallback, entered on error, terminal, ends the subtask
     * @param fallback drawn with a double border
     * @param copy a copy that stands for the node {@code label} names: only the name is drawn, with a dotted border
     */
    record Node(
            String id,
            String label,
            Kind kind,
            String description,
            List<String> notes,
            boolean fallback,
            boolean copy) {

        Node {
            notes = List.copyOf(notes);
        }

        Node copyNumber(int number) {
            return new Node(id + "#" + number, label, kind, "", List.of(), false, true);
        }
    }

    /** What a move is; decides how it is drawn. */
    enum Style {
        /** A declared move, or the start and end markers' arrows. */
        DECLARED,
        /** The implicit move to the onError state: grey and dashed. */
        ON_ERROR,
        /** A move a trace took that the machine does not declare but the runtime makes (onError, fallback). */
        RUNTIME,
        /** A move a trace took that nothing allows. */
        ILLEGAL
    }

    /**
     * One move.
     *
     * @param from the source node's id
     * @param to the target node's id
     * @param label {@code LLM}, {@code USER: approved}; empty for the start and end markers
     * @param style what it is
     */
    record Edge(String from, String to, String label, Style style) {

        /** An implicit move to the onError state: drawn grey and dashed. */
        boolean onError() {
            return style == Style.ON_ERROR;
        }

        /** A move the machine does not declare that a trace took: drawn dashed. */
        boolean undeclared() {
            return style == Style.RUNTIME || style == Style.ILLEGAL;
        }
    }

    static final String START = "[start]";
    static final String END = "[end]";

    /** The graph of a machine. */
    static DiagramGraph of(Machine machine) {
        return of(machine, List.of());
    }

    /**
     * The graph of a machine with the moves a trace took that it does not declare: each is drawn
     * once, dashed (the runtime's own moves to {@code onError} or the fallback) or as illegal, unless
     * the implicit on-error move already draws it; a target of another machine becomes a hand-off node.
     * Moves from another machine's states are left out.
     */
    static DiagramGraph of(Machine machine, List<TraceDiagram.UndeclaredMove> undeclared) {
        Map<String, Node> nodes = new LinkedHashMap<>();
        List<Edge> edges = new ArrayList<>();
        nodes.put(START, new Node(START, "", Kind.START, "", List.of(), false, false));
        for (Machine.State state : machine.states()) {
            nodes.put(
                    state.name(),
                    new Node(
                            state.name(),
                            state.name(),
                            state.terminal() ? Kind.TERMINAL : Kind.STATE,
                            state.description(),
                            notes(machine, state),
                            machine.fallback().filter(state.name()::equals).isPresent(),
                            false));
        }
        edges.add(new Edge(START, machine.initial(), "", Style.DECLARED));
        for (Machine.State state : machine.states()) {
            for (Machine.Move move : state.moves()) {
                String target = move.to().label();
                if (move.to().isHandOff()) {
                    nodes.putIfAbsent(
                            target,
                            new Node(
                                    target,
                                    target,
                                    Kind.HAND_OFF,
                                    "",
                                    List.of("hand-off to another machine"),
                                    false,
                                    false));
                }
                String label = move.when().isEmpty() ? move.trigger() : move.trigger() + ": " + move.when();
                edges.add(new Edge(state.name(), target, label, Style.DECLARED));
            }
        }
        Optional<String> onError = machine.onError();
        if (onError.isPresent()) {
            String error = onError.get();
            for (Machine.State state : machine.states()) {
                boolean declares = state.moves().stream()
                        .anyMatch(m -> !m.to().isHandOff() && m.to().status().equals(error));
                if (!state.terminal() && !state.name().equals(error) && !declares) {
                    edges.add(new Edge(state.name(), error, "on error", Style.ON_ERROR));
                }
            }
        }
        Set<String> states = new LinkedHashSet<>();
        machine.states().forEach(state -> states.add(state.name()));
        for (TraceDiagram.UndeclaredMove move : undeclared) {
            if (!states.contains(move.from())) {
                continue;
            }
            boolean drawn = edges.stream()
                    .anyMatch(edge -> edge.from().equals(move.from())
                            && edge.to().equals(move.to())
                            && (edge.onError() || edge.undeclared()));
            if (drawn) {
                continue;
            }
            if (!states.contains(move.to())) {
                nodes.putIfAbsent(
                        move.to(),
                        new Node(
                                move.to(),
                                move.to(),
                                Kind.HAND_OFF,
                                "",
                                List.of("another machine's state"),
                                false,
                                false));
            }
            edges.add(new Edge(move.from(), move.to(), move.trigger(), move.legal() ? Style.RUNTIME : Style.ILLEGAL));
        }
        boolean endsRound = false;
        for (Machine.State state : machine.states()) {
            if (state.terminal() && state.endsRound()) {
                edges.add(new Edge(state.name(), END, "", Style.DECLARED));
                endsRound = true;
            }
        }
        if (endsRound) {
            nodes.put(END, new Node(END, "", Kind.END, "", List.of(), false, false));
        }
        return splitBusyTargets(
                new DiagramGraph(machine.name(), machine.description(), List.copyOf(nodes.values()), edges));
    }

    private static List<String> notes(Machine machine, Machine.State state) {
        List<String> notes = new ArrayList<>();
        if (machine.fallback().filter(state.name()::equals).isPresent()) {
            notes.add("fallback for unknown statuses");
        }
        if (machine.onError().filter(state.name()::equals).isPresent()) {
            notes.add("entered when handle() throws");
        }
        if (state.terminal()) {
            notes.add(state.endsRound() ? "terminal, ends the round" : "terminal, the round goes on");
        }
        if (state.endsSubtask()) {
            notes.add("ends the subtask");
        }
        return notes;
    }

    /**
     * Keeps at most {@link #MOST_MOVES_IN} moves into any node: the move from the source declared last
     * (for a terminal state at the end of a flow, the step just before it) still leads to the node,
     * and the others each end at a copy of it, one copy per source.
     */
    private static DiagramGraph splitBusyTargets(DiagramGraph graph) {
        Map<String, List<Integer>> incoming = new LinkedHashMap<>();
        for (int i = 0; i < graph.edges.size(); i++) {
            Edge edge = graph.edges.get(i);
            if (!edge.from().equals(edge.to()) && !edge.from().equals(START)) {
                incoming.computeIfAbsent(edge.to(), id -> new ArrayList<>()).add(i);
            }
        }
        Set<String> busy = new LinkedHashSet<>();
        incoming.forEach((id, in) -> {
            if (in.size() > MOST_MOVES_IN) {
                busy.add(id);
            }
        });
        if (busy.isEmpty()) {
            return graph;
        }
        Map<String, Integer> order = new LinkedHashMap<>();
        graph.nodes.forEach(n -> order.put(n.id(), order.size()));
        List<Edge> edges = new ArrayList<>(graph.edges);
        // each copy is listed right after its source, so that the layout, which keeps the order of the nodes
        // where it can, draws it beside its source
        Map<String, List<Node>> copiesBySource = new LinkedHashMap<>();
        for (String id : busy) {
            List<Integer> in = incoming.get(id);
            String keptSource = in.stream()
                    .map(i -> graph.edges.get(i).from())
                    .max((a, b) -> Integer.compare(order.get(a), order.get(b)))
                    .orElseThrow();
            Node target = graph.nodes.get(order.get(id));
            Map<String, Node> copies = new LinkedHashMap<>();
            for (int i : in) {
                Edge edge = graph.edges.get(i);
                if (edge.from().equals(keptSource)) {
                    continue;
                }
                Node copy = copies.computeIfAbsent(edge.from(), from -> target.copyNumber(copies.size() + 1));
                edges.set(i, new Edge(edge.from(), copy.id(), edge.label(), edge.style()));
            }
            copies.forEach((source, copy) -> copiesBySource
                    .computeIfAbsent(source, s -> new ArrayList<>())
                    .add(copy));
        }
        List<Node> nodes = new ArrayList<>();
        for (Node node : graph.nodes) {
            nodes.add(node);
            nodes.addAll(copiesBySource.getOrDefault(node.id(), List.of()));
        }
        return new DiagramGraph(graph.title, graph.subtitle, nodes, edges);
    }
}
