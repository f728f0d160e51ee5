package dev.agentfsm.processor.write;

import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.Names;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.TransitionModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A machine as its diagrams draw it: one node per state and per hand-off target, the declared
 * transitions, and the implicit {@code onError} moves from every non-terminal state. Every diagram
 * writer draws this one view, so the formats cannot disagree about what the machine is. Nodes are
 * indexed by id and edges by their source, so that a page of a thousand states is written in one
 * pass over them rather than a search of every edge for each state.
 */
final class MachineGraph {

    private final String name;
    private final String description;
    private final List<Node> nodes;
    private final List<Edge> edges;
    private final Map<String, Node> byId = new HashMap<>();
    private final Map<String, List<Edge>> bySource = new HashMap<>();

    MachineGraph(String name, String description, List<Node> nodes, List<Edge> edges) {
        this.name = name;
        this.description = description;
        this.nodes = List.copyOf(nodes);
        this.edges = List.copyOf(edges);
        for (Node node : this.nodes) {
            byId.putIfAbsent(node.id(), node);
        }
        for (Edge edge : this.edges) {
            bySource.computeIfAbsent(edge.from(), from -> new ArrayList<>()).add(edge);
        }
    }

    /** The machine's name. */
    String name() {
        return name;
    }

    /** The machine's description; empty when it has none. */
    String description() {
        return description;
    }

    /** The nodes: the states in the model's order, then the hand-off targets in the order first met. */
    List<Node> nodes() {
        return nodes;
    }

    /** The edges: the declared transitions state by state, then the implicit moves to the onError state. */
    List<Edge> edges() {
        return edges;
    }

    /** The edges from the node {@code id}, in the order of {@link #edges()}. */
    List<Edge> edgesFrom(String id) {
        return bySource.getOrDefault(id, List.of());
    }

    /** What a node stands for; decides how every format draws it. */
    enum Kind {
        STATE,
        TERMINAL,
        HAND_OFF
    }

    /**
     * One node. {@code id} is a plain identifier in every format: a status ({@code FINISH}) or, for a
     * hand-off target, {@link Names#handOffName}: {@code Machine_STATUS}, which no status can be.
     */
    record Node(
            String id,
            String label,
            Kind kind,
            String description,
            boolean initial,
            boolean fallback,
            boolean onError,
            boolean endsRound,
            boolean endsSubtask) {

        /** The facts a reader needs beside the name (the start marker shows the initial state): {@code fallback}, {@code ends the round}. */
        List<String> notes() {
            List<String> notes = new ArrayList<>();
            if (fallback) {
                notes.add("fallback for unknown statuses");
            }
            if (onError) {
                notes.add("entered when handle() throws");
            }
            if (kind == Kind.TERMINAL) {
                notes.add(endsRound ? "terminal, ends the round" : "terminal, the round goes on");
            }
            if (endsSubtask) {
                notes.add("ends the subtask");
            }
            if (kind == Kind.HAND_OFF) {
                notes.add("hand-off to another machine");
            }
            return notes;
        }
    }

    /** One move: a declared transition, or an implicit one to the {@code onError} state. */
    record Edge(String from, String to, String trigger, String when, boolean implicitOnError) {

        /** {@code LLM}, {@code USER: approved}, or {@code on error} for an implicit move; unescaped. */
        String label() {
            if (implicitOnError) {
                return "on error";
            }
            return when.isEmpty() ? trigger : trigger + ": " + when;
        }
    }

    /** The initial state's node. */
    Node initial() {
        return nodes.stream().filter(Node::initial).findFirst().orElseThrow();
    }

    /** The node with this id. */
    Node node(String id) {
        Node node = byId.get(id);
        if (node == null) {
            throw new IllegalArgumentException("the graph of " + name + " has no node " + id);
        }
        return node;
    }

    /** The view of a valid machine. */
    static MachineGraph of(MachineModel machine) {
        String initial = machine.statusOf(machine.initial()).orElseThrow();
        Optional<String> fallback = machine.fallback().flatMap(machine::statusOf);
        Optional<String> onError = machine.onError().flatMap(machine::statusOf);
        Map<String, Node> nodes = new LinkedHashMap<>();
        List<Edge> edges = new ArrayList<>();
        for (StateModel state : machine.states()) {
            nodes.put(
                    state.status(),
                    new Node(
                            state.status(),
                            state.status(),
                            state.terminal() ? Kind.TERMINAL : Kind.STATE,
                            state.description(),
                            state.status().equals(initial),
                            fallback.filter(state.status()::equals).isPresent(),
                            onError.filter(state.status()::equals).isPresent(),
                            state.endsRound(),
                            state.endsSubtask()));
        }
        for (StateModel state : machine.states()) {
            for (TransitionModel t : state.transitions()) {
                String target = targetId(machine, t.target());
                if (t.isHandOff(machine.ref())) {
                    nodes.putIfAbsent(
                            target,
                            new Node(
                                    target,
                                    t.target().qualifiedStatus(machine.ref()),
                                    Kind.HAND_OFF,
                                    "",
                                    false,
                                    false,
                                    false,
                                    false,
                                    false));
                }
                edges.add(new Edge(state.status(), target, t.by().name(), t.when(), false));
            }
        }
        // a state that already declares the move to the onError state needs no second edge for it
        onError.ifPresent(error -> {
            Set<String> declareIt = new HashSet<>();
            for (Edge edge : edges) {
                if (edge.to().equals(error)) {
                    declareIt.add(edge.from());
                }
            }
            for (StateModel s : machine.states()) {
                if (!s.terminal() && !s.status().equals(error) && !declareIt.contains(s.status())) {
                    edges.add(new Edge(s.status(), error, "", "", true));
                }
            }
        });
        return new MachineGraph(machine.name(), machine.description(), List.copyOf(nodes.values()), edges);
    }

    private static String targetId(MachineModel machine, StateRef target) {
        return target.belongsTo(machine.ref())
                ? target.status().orElseThrow()
                : Names.handOffName(
                        target.machine().orElseThrow(), target.status().orElseThrow());
    }
}
